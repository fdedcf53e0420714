// The spec's local storage items. They only drive what the pages show (e-mail, menus): access is
// decided by the server from the HttpOnly session cookie, which page scripts never see.
// Apart from use-session.ts, so that the entry script can read them without loading the app.
export const EMAIL = 'email';
export const USERNAME = 'username';

/** The stored e-mail, read outside React (guards, logout, the entry script). */
export const storedEmail = () => localStorage.getItem(EMAIL);
