import { COMPARE_MAX } from '@portal/contract/county-rules';
import { PAGES } from '@portal/contract/paths';

/** The compare page for these counties, in this order (at most four). */
export function compareLink(slugs: string[]): string {
  const params = new URLSearchParams(slugs.slice(0, COMPARE_MAX).map((slug) => ['c', slug]));
  return `${PAGES.compareCounties}?${params.toString()}`;
}

/** The county slugs a compare address names, without repeats, at most four. */
export function readCompared(params: URLSearchParams): string[] {
  return [...new Set(params.getAll('c').map((slug) => slug.trim().toLowerCase()))]
    .filter(Boolean)
    .slice(0, COMPARE_MAX);
}
