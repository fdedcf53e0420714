import type { Language } from './languages.ts';
import { countyPath, EMBED_PREFIX, PAGES, sourcePath } from './paths.ts';
import { type Query, queryOf, type SharedView, withQuery } from './share.ts';

// What the Share dialog offers besides the images: apart from ./share.ts and ./paths.ts, which every page reads.

/**
 * The views other sites may frame, each with its page's query: `?source={sector}/{source}&variable=&location=&start=&end=`
 * for the timeseries chart, the county map's `?source=&variable=&period=&method=`, and a county's profile.
 */
export const EMBEDS = {
  timeseries: `${EMBED_PREFIX}timeseries`,
  countyMap: `${EMBED_PREFIX}maps/counties`,
  county: (slug: string) => `${EMBED_PREFIX}counties/${slug}`,
} as const;

/** The view's page: the address a reader opens to see it again. */
export function viewPagePath(view: SharedView): string {
  if (view.kind === 'county') return countyPath(view.slug);
  const query = queryOf(view);
  if (view.kind === 'compare') return withQuery(PAGES.compareCounties, query);
  if (view.kind === 'choropleth') return withQuery(PAGES.countyMap, query);
  // The source page names its source in the path, not in the query.
  const [sector, slug] = view.source.split('/');
  return withQuery(
    `${sourcePath(sector, slug)}/timeseries`,
    query.filter(([name]) => name !== 'source'),
  );
}

/** The view's embed, in `language`; counties compared have none. */
export function viewEmbedPath(view: SharedView, language: Language): string | null {
  const query: Query = [...queryOf(view), ['lang', language]];
  switch (view.kind) {
    case 'timeseries':
      return withQuery(EMBEDS.timeseries, query);
    case 'choropleth':
      return withQuery(EMBEDS.countyMap, query);
    case 'county':
      return withQuery(EMBEDS.county(view.slug), query);
    case 'compare':
      return null;
  }
}

/** The width-to-height ratio an embed is framed at: its image (1200x630) with room below for its footer and controls. */
export const EMBED_ASPECT_RATIO = '4 / 3';

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * The HTML another site pastes to show an embed: an iframe as wide as its column at a fixed ratio,
 * named by `title` for screen readers, loaded only when scrolled near.
 */
export function embedSnippet(url: string, title: string): string {
  return `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" loading="lazy" style="width: 100%; aspect-ratio: ${EMBED_ASPECT_RATIO}; border: 0"></iframe>`;
}
