/** The origin the server draws the current page for (server-render.tsx sets it before its last render). */
export const drawnFor = { origin: '' };

/** The portal's origin as the visitor reached it, for the addresses a page shows. */
export const pageOrigin = () => (import.meta.env.SSR ? drawnFor.origin : window.location.origin);
