/** The drawings of the portal's 16 px icons (one path each, in the text's colour). */
const PATHS = {
  eye: 'M8 3C4.4 3 1.5 5.6.5 8c1 2.4 3.9 5 7.5 5s6.5-2.6 7.5-5c-1-2.4-3.9-5-7.5-5zm0 8.3A3.3 3.3 0 1 1 8 4.7a3.3 3.3 0 0 1 0 6.6zM8 6.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 0 0 0-3.4z',
  share:
    'M12.5 1a2.5 2.5 0 1 1-2.4 3.2L5.9 6.6a2.5 2.5 0 0 1 0 2.8l4.2 2.4a2.5 2.5 0 1 1-.6 1.3L5.3 10.7a2.5 2.5 0 1 1 0-5.4l4.2-2.4A2.5 2.5 0 0 1 12.5 1z',
  info: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 1.3a5.7 5.7 0 1 1 0 11.4A5.7 5.7 0 0 1 8 2.3zM7.2 7h1.6v4.8H7.2zm.8-2.9a.95.95 0 1 0 0 1.9.95.95 0 0 0 0-1.9z',
};

/** A 16 px icon, hidden from screen readers (the text beside it, or the button's name, says what it is). */
export function Icon({ name, className }: { name: keyof typeof PATHS; className?: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={className}>
      <path fill="currentColor" d={PATHS[name]} />
    </svg>
  );
}

/** An icon before a button's text. */
export const ButtonIcon = ({ name }: { name: keyof typeof PATHS }) => (
  <Icon name={name} className="me-1 align-text-bottom" />
);
