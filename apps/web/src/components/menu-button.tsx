import { type KeyboardEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { useClickOutside } from './use-click-outside';

interface MenuButtonProps {
  /** The toggle's id; the list is `{id}-items`. */
  id: string;
  label: ReactNode;
  /** An entry of the top bar's links (its list lined up with its right edge), or a link-like entry of the side menu. */
  place: 'top-bar' | 'side-menu';
  /** Entries with Bootstrap's `dropdown-item` class: links, buttons or text. */
  children: ReactNode;
}

/**
 * A button that opens a short list of links and actions under it (the disclosure pattern). Choosing
 * an entry, Escape, or a click or focus elsewhere closes it; the arrow keys move between entries.
 * Bootstrap's dropdown classes draw it; `data-bs-popper="static"` selects their plain placement,
 * so no positioning library is loaded for two short menus on every page.
 */
export function MenuButton({ id, label, place, children }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useClickOutside(root, open, close);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const entries = [...(root.current?.querySelectorAll<HTMLElement>('a.dropdown-item, button.dropdown-item') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    entries[(at + step + entries.length) % entries.length]?.focus();
  };

  return (
    // Arrow keys and Escape reach here from the toggle and the entries, which are buttons and links.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div ref={root} className={place === 'top-bar' ? 'dropdown nav-item' : 'dropdown'} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        id={id}
        type="button"
        className={
          place === 'top-bar' ? 'dropdown-toggle nav-link' : 'dropdown-toggle btn btn-link side-menu-link text-start'
        }
        aria-expanded={open}
        aria-controls={`${id}-items`}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      {/* A click on an entry bubbles here after the entry has done its work. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        id={`${id}-items`}
        data-bs-popper="static"
        className={`dropdown-menu${place === 'top-bar' ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
        onClick={() => setOpen(false)}
      >
        {children}
      </div>
    </div>
  );
}
