import { distance } from 'fastest-levenshtein';
import type { Translate } from '@portal/contract/messages';
import { AppError } from '../plugins/errors.ts';

/** How many of the closest names an answer suggests. */
const CLOSEST_COUNT = 3;

/**
 * The names of `known` closest to `asked`, ignoring case: those that hold it first ('rainfall' in
 * 'Rainfall, 1-month rolling'), then by edit distance, each group alphabetically.
 */
export function closestNames(asked: string, known: readonly string[], count = CLOSEST_COUNT): string[] {
  const wanted = asked.toLowerCase();
  const ranked = known.map((name) => {
    const lower = name.toLowerCase();
    return { name, holds: lower.includes(wanted) ? 0 : 1, distance: distance(wanted, lower) };
  });
  ranked.sort((a, b) => a.holds - b.holds || a.distance - b.distance || a.name.localeCompare(b.name));
  return ranked.slice(0, count).map((r) => r.name);
}

/** What the names of a query were looked up in: a source ('energy/access') or a dataset. */
export interface NameScope {
  kind: 'source' | 'dataset';
  id: string;
  /** Every variable and place name the scope has values for, read only when a name is unknown. */
  names(): Promise<{ variables: string[]; locations: string[] }>;
}

/**
 * Refuses (400) a query that named a variable its scope does not have or a place the portal does
 * not know, naming each with the closest names the scope has: a misspelt name would otherwise
 * answer no rows, as if there were no data. The answer reads like a refused query string.
 */
export async function refuseUnknownNames(
  t: Translate,
  scope: NameScope,
  unknown: { variables: string[]; locations: string[] },
): Promise<void> {
  if (!unknown.variables.length && !unknown.locations.length) return;
  const known = await scope.names();
  const quoted = (names: string[]) => names.map((name) => `'${name}'`).join(', ');
  const problems = [
    ...unknown.variables.map((name) => {
      const closest = closestNames(name, known.variables);
      const message = t(`error.unknownVariable.${scope.kind}`, { scope: scope.id, name, closest: quoted(closest) });
      return { parameter: 'variable', message, closest };
    }),
    ...unknown.locations.map((name) => {
      const closest = closestNames(name, known.locations);
      const message = t(`error.unknownPlace.${scope.kind}`, { scope: scope.id, name, closest: quoted(closest) });
      return { parameter: 'location', message, closest };
    }),
  ];
  throw new AppError(
    'VALIDATION_FAILED',
    'error.invalidRequest',
    { part: t('issue.part.querystring'), problems: problems.map((p) => `${p.parameter}: ${p.message}`).join('; ') },
    problems.map((p) => ({ path: `/${p.parameter}`, message: p.message, closest: p.closest })),
  );
}
