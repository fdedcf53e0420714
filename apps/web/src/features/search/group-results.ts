import type { SearchKind, SearchResult } from '@portal/contract/search';

export interface ResultGroup {
  kind: SearchKind;
  /** Each result with its place in the flat list that the arrow keys walk through. */
  results: { result: SearchResult; index: number }[];
}

/**
 * The server's answer grouped by kind, groups in the order their first result came (the server
 * puts the kind of the best result first); `index` numbers the results in the order shown.
 */
export function groupResults(results: SearchResult[]): ResultGroup[] {
  const groups = new Map<SearchKind, SearchResult[]>();
  for (const result of results) groups.set(result.kind, [...(groups.get(result.kind) ?? []), result]);
  let index = 0;
  return [...groups].map(([kind, members]) => ({
    kind,
    results: members.map((result) => ({ result, index: index++ })),
  }));
}

/** The results in the order shown, for the arrow keys. */
export const shownOrder = (groups: ResultGroup[]) => groups.flatMap((g) => g.results.map((r) => r.result));
