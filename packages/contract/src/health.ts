import { z } from 'zod';

const CheckSchema = z.object({ ok: z.boolean(), detail: z.string().optional() });

/** `GET /api/ready`: whether this instance can serve everything, each condition on its own. */
export const ReadinessSchema = z.object({
  ready: z.boolean(),
  checks: z.object({
    /** The database answers and takes a write. */
    database: CheckSchema,
    /** Every migration this version knows has run. */
    migrations: CheckSchema.extend({ pending: z.array(z.string()) }),
    /** Every dataset of the manifests is loaded. */
    data: CheckSchema.extend({ missing: z.array(z.string()) }),
  }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
