// A page the server drew (ADR 0029) reads, scrolls and leads on by its links as HTML. The app,
// whose start is most of a page's main-thread work, takes it over when the visitor first uses it;
// what the visitor did in between (a click on a menu, a typed key) is held and given back once the
// app is in place, so nothing done early is lost.

/** Signs that the visitor is about to use the page: the app starts at the first. */
const FIRST_USE = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'password']);

/** A field whose text a key changes: it takes keys natively, before and after the take-over. */
function isField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.matches('input, textarea, select'));
}

/** Puts a held character into the field that now has focus, or sends its key to the page. */
function giveBackKey({ key, code, shiftKey }: KeyboardEvent): void {
  const focused = document.activeElement;
  const textField = focused instanceof HTMLTextAreaElement || (focused instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(focused.type));
  if (textField) {
    focused.setRangeText(key, focused.selectionStart ?? focused.value.length, focused.selectionEnd ?? focused.value.length, 'end');
    focused.dispatchEvent(new Event('input', { bubbles: true }));
  } else (focused ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, bubbles: true, cancelable: true }));
}

/**
 * Waits for the visitor's first use of the page, then calls `start` (which settles once the app
 * has taken the page over and its effects have run). Clicks on anything but a link, and characters
 * typed outside a field, are held meanwhile and given back in order. Returns a function that
 * starts the app at once, for anything else that needs it (going offline, a new version).
 */
export function takeOverOnFirstUse(start: () => Promise<void>): () => void {
  const held: (() => void)[] = [];
  const holdClick = (event: MouseEvent) => {
    const target = event.target;
    // A link leads on as HTML; a click the page itself makes (a given-back one) goes through.
    if (!(target instanceof Element) || target.closest('a[href]') || !event.isTrusted) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(() => target.isConnected && target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })));
  };
  const holdKey = (event: KeyboardEvent) => {
    const character = event.key.length === 1 && event.key !== ' ';
    if (!character || event.ctrlKey || event.metaKey || event.altKey || isField(event.target) || !event.isTrusted) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(() => giveBackKey(event));
  };

  let starting = false;
  const takeOver = () => {
    if (starting) return;
    starting = true;
    FIRST_USE.forEach((type) => window.removeEventListener(type, takeOver, true));
    void start().finally(() => {
      window.removeEventListener('click', holdClick, true);
      window.removeEventListener('keydown', holdKey, true);
      // Text typed into a field before the take-over is in the field but not yet in the app.
      if (isField(document.activeElement) && (document.activeElement as HTMLInputElement).value) {
        document.activeElement!.dispatchEvent(new Event('input', { bubbles: true }));
      }
      held.splice(0).forEach((giveBack) => giveBack());
    });
  };
  // Registered before the holders on the same target and phase, so a held key still starts the app.
  FIRST_USE.forEach((type) => window.addEventListener(type, takeOver, { capture: true, passive: true }));
  window.addEventListener('click', holdClick, true);
  window.addEventListener('keydown', holdKey, true);
  return takeOver;
}
