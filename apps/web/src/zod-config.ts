// The web build resolves 'zod/mini' to this module (vite.config.ts), so jitless mode is set before
// any schema is built, whichever chunk builds it first. Zod would otherwise probe for `new Function`,
// which the Content-Security-Policy (script-src 'self') reports as a violation.
import * as zod from 'zod/v4/mini';

zod.config({ jitless: true });

export * from 'zod/v4/mini';
export { zod as z };
