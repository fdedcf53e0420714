import { type RefObject, useEffect } from 'react';

/**
 * While `open`, a press or a focus anywhere outside `root` calls `close`: how a menu or a small
 * popover that belongs to a button goes away when the visitor turns to something else.
 */
export function useClickOutside(root: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [root, open, close]);
}
