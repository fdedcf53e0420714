import { z } from 'zod/mini';

const CheckSchema = z.object({ ok: z.boolean(), detail: z.optional(z.string()) });

/** `GET /api/ready`: whether this instance can serve everything, each condition on its own. */
export const ReadinessSchema = z.object({
  ready: z.boolean(),
  checks: z.object({
    /** The database answers and takes a write. */
    database: CheckSchema,
    /** Every migration this version knows has run. */
    migrations: z.extend(CheckSchema, { pending: z.array(z.string()) }),
    /** Every dataset of the manifests is loaded. */
    data: z.extend(CheckSchema, { missing: z.array(z.string()) }),
  }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
