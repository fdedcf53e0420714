// A page the server drew (ADR 0029) reads, scrolls and leads on by its links as HTML. The app,
// whose start is most of a page's main-thread work, takes it over when the visitor first uses it;
// what the visitor did in between (a click on a menu, a typed key, a ticked box) is held or kept
// and handed to the app once it is in place, so nothing done early is lost.

/**
 * Signs that the visitor is about to use the page: the app starts at the first. A mouse moving
 * over the page comes before its click, so the app is often in place by then (a map is ready to
 * drag); a finger's first touch, a key and a focus come with their use.
 */
const FIRST_USE = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'password']);

const FIELDS = 'input, textarea, select';

/** A field whose text a key changes: it takes keys natively, before and after the take-over. */
function isField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.matches(FIELDS));
}

/** Puts a held character into the field that now has focus, or sends its key to the page. */
function giveBackKey({ key, code, shiftKey }: KeyboardEvent): void {
  const focused = document.activeElement;
  const textField =
    focused instanceof HTMLTextAreaElement ||
    (focused instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(focused.type));
  if (textField) {
    focused.setRangeText(
      key,
      focused.selectionStart ?? focused.value.length,
      focused.selectionEnd ?? focused.value.length,
      'end',
    );
    focused.dispatchEvent(new Event('input', { bubbles: true }));
  } else
    (focused ?? document.body).dispatchEvent(
      new KeyboardEvent('keydown', { key, code, shiftKey, bubbles: true, cancelable: true }),
    );
}

/**
 * Hands the app what the visitor did in the page's fields before it took the page over: the field
 * they are in (its focus), and what they wrote, ticked or chose, which is in the fields while the
 * app's state still holds what the server drew (and would write it back at its next render).
 */
function handOverFields(): void {
  const focused = document.activeElement;
  if (isField(focused)) {
    focused!.dispatchEvent(new FocusEvent('focus'));
    focused!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  }
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const ticked = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
    if (ticked && field.checked !== field.defaultChecked) field.dispatchEvent(new Event('change', { bubbles: true }));
    else if (!ticked && field.value !== field.defaultValue) field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const select of document.querySelectorAll('select')) {
    if ([...select.options].some((option) => option.selected !== option.defaultSelected))
      select.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Waits for the visitor's first use of the page, then calls `start` (which settles once the app
 * has taken the page over and its effects have run). Clicks on anything but a link or a field, and
 * characters typed outside a field, are held meanwhile and given back in order; fields work as
 * they do in HTML, and the app is handed what was done in them. Returns a function that
 * starts the app at once, for anything else that needs it (going offline, a new version).
 */
export function takeOverOnFirstUse(start: () => Promise<void>): () => void {
  const held: (() => void)[] = [];
  const holdClick = (event: MouseEvent) => {
    const target = event.target;
    // A link leads on and a field (or its label) works as HTML; a click the page itself makes (a given-back one) goes through.
    if (!(target instanceof Element) || target.closest(`a[href], label, ${FIELDS}`) || !event.isTrusted) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(
      () =>
        target.isConnected &&
        target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })),
    );
  };
  const holdKey = (event: KeyboardEvent) => {
    const character = event.key.length === 1 && event.key !== ' ';
    if (!character || event.ctrlKey || event.metaKey || event.altKey || isField(event.target) || !event.isTrusted)
      return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(() => giveBackKey(event));
  };

  let starting = false;
  const takeOver = (event?: Event) => {
    // Chromium sends a pointer resting over the page a move of its own after the page lays out,
    // without movement; that is not the visitor's use.
    if (event instanceof PointerEvent && event.type === 'pointermove' && event.movementX === 0 && event.movementY === 0)
      return;
    if (starting) return;
    starting = true;
    FIRST_USE.forEach((type) => window.removeEventListener(type, takeOver, true));
    void start().finally(() => {
      window.removeEventListener('click', holdClick, true);
      window.removeEventListener('keydown', holdKey, true);
      handOverFields();
      held.splice(0).forEach((giveBack) => giveBack());
    });
  };
  // Registered before the holders on the same target and phase, so a held key still starts the app.
  FIRST_USE.forEach((type) => window.addEventListener(type, takeOver, { capture: true, passive: true }));
  window.addEventListener('click', holdClick, true);
  window.addEventListener('keydown', holdKey, true);
  return takeOver;
}
