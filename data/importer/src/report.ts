import type { DatasetOutcome, ImportSummary } from './outcome.ts';

const n = (value: number) => value.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

/**
 * The progress lines of one dataset: what happened, the counts, and its first rejects as
 * file:line and why (the rest are counted).
 * @example formatOutcome(outcome, 3, 27, 10)[0] // '[ 3/27] census-2019-lighting: loaded, 48 of 395 rows used -> 671 observations, 2019 to 2019; 1 blank, 0 rejected (0.01 s)'
 */
export function formatOutcome(o: DatasetOutcome, index: number, total: number, rejectsShown: number): string[] {
  const position = total ? `[${String(index).padStart(String(total).length)}/${total}] ` : '';
  const dates = o.first === null ? '' : `, ${o.first} to ${o.last}`;
  const placed = o.placedByFallback ? ` (${n(o.placedByFallback)} placed by a location fallback)` : '';
  const counts = `${n(o.rowsUsed)} of ${n(o.rowsRead)} rows used -> ${n(o.observations)} observations${dates}; ${n(o.blanks)} blank, ${n(o.rejects.length)} rejected${placed}`;
  let head: string;
  if (o.status === 'unchanged') head = `${o.id}: unchanged, skipped`;
  else if (o.status === 'removed') head = `${o.id}: its manifest is gone, removed`;
  else if (o.status === 'loaded') head = `${o.id}: loaded, ${counts} (${seconds(o.ms)})`;
  else head = `${o.id}: FAILED, previous rows kept: ${o.error ?? 'unknown error'}`;
  const lines = [position + head];
  for (const reject of o.rejects.slice(0, rejectsShown)) lines.push(`    ${o.file}:${reject.line}: ${reject.reason}`);
  if (o.rejects.length > rejectsShown) {
    lines.push(`    ... and ${n(o.rejects.length - rejectsShown)} more rejected in ${o.file}; by reason:`);
    const reasons = new Map<string, number>();
    for (const { reason } of o.rejects) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    const ranked = [...reasons].sort((a, b) => b[1] - a[1]);
    for (const [reason, count] of ranked.slice(0, rejectsShown)) lines.push(`      ${n(count)} x ${reason}`);
    if (ranked.length > rejectsShown) lines.push(`      ... and ${n(ranked.length - rejectsShown)} other reasons`);
  }
  return lines;
}

/**
 * One line for the whole run.
 * @example 'Import: 27 datasets (25 loaded, 2 unchanged, 0 failed); 71,230 rows read, 98,410 observations loaded, 135 rejected, 210 blank; 2.41 s'
 */
export function formatSummary(summary: ImportSummary): string {
  const count = (status: DatasetOutcome['status']) => summary.outcomes.filter((o) => o.status === status).length;
  const sum = (pick: (o: DatasetOutcome) => number) => summary.outcomes.reduce((total, o) => total + pick(o), 0);
  const removed = count('removed');
  const datasets = summary.outcomes.length - removed;
  const parts = [
    `Import: ${datasets} dataset(s) (${count('loaded')} loaded, ${count('unchanged')} unchanged, ${count('failed')} failed${removed ? `, ${removed} removed` : ''})`,
    `${n(sum((o) => o.rowsRead))} rows read, ${n(sum((o) => o.observations))} observations loaded, ${n(sum((o) => o.rejects.length))} rejected, ${n(sum((o) => o.blanks))} blank`,
    seconds(summary.ms),
  ];
  const line = parts.join('; ');
  return summary.stoppedAt ? `${line}. Stopped by --strict at ${summary.stoppedAt}.` : line;
}

/** Whether the run should end with a failing exit code. */
export function importFailed(summary: ImportSummary): boolean {
  return Boolean(summary.stoppedAt) || summary.outcomes.some((o) => o.status === 'failed');
}
