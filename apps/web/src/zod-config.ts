import { z } from 'zod';

// Imported first by main.tsx, before any schema is built. Zod would otherwise probe for
// `new Function`, which the Content-Security-Policy (script-src 'self') reports as a violation.
z.config({ jitless: true });
