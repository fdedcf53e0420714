import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Refuses a request whose path, query or body holds text with the NUL character. No field of the
 * portal means it, and PostgreSQL cannot take it in a query ("invalid byte sequence"), so it would
 * fail there as a 500 deep in a route while SQLite takes it: refused at the edge, it is a 400 on both.
 */
export function refuseNulText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul([request.params, request.query, request.body]))
      throw new AppError('VALIDATION_FAILED', 'error.unreadable');
  });
}

/** Walks the value with a stack, not recursion: a body of deeply nested arrays must not overflow it. */
function holdsNul(root: unknown): boolean {
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) {
        if (name.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}
