import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '@portal/db/dialect';
import { readGate } from './read-gate.ts';

/** A read that holds the thread, as better-sqlite3 does while it reads. */
const blocking = (name: string, order: string[]) => async () => {
  const end = performance.now() + 15;
  while (performance.now() < end);
  order.push(name);
  return name;
};

describe('the read gate', () => {
  const sqlite = openDb('sqlite://:memory:');
  afterAll(() => sqlite.destroy());

  it('lets other work run between heavy reads that arrive together on SQLite', async () => {
    const order: string[] = [];
    const gate = readGate(sqlite.db);
    const reads = ['first', 'second', 'third', 'fourth'].map((name) => gate(blocking(name, order)));
    expect(gate.counts()).toEqual({ running: 1, waiting: 3 });
    // Stands for a health check arriving behind them: a callback due now.
    const otherWork = new Promise<void>((resolve) => setTimeout(() => resolve(void order.push('other work')), 0));
    expect(await Promise.all(reads)).toEqual(['first', 'second', 'third', 'fourth']);
    await otherWork;
    expect(order.slice(0, 3)).toContain('other work');
    expect(gate.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it('passes a failing read on and runs the next one', async () => {
    const gate = readGate(sqlite.db);
    const failing = gate(() => Promise.reject(new Error('no such table')));
    const next = gate(async () => 'read');
    await expect(failing).rejects.toThrow('no such table');
    expect(await next).toBe('read');
  });
});
