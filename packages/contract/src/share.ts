import type { ImageFormat } from './images.ts';
import type { Language } from './languages.ts';
import { API } from './paths.ts';

/**
 * A view a reader can share: the timeseries chart of a selection, the county map of a figure and
 * period, a county's profile, or counties compared. From it come the view's page, its images and
 * data (ADR 0041) and its embed, so the Share dialog, the embeds and the social cards agree.
 */
export type SharedView =
  | {
      kind: 'timeseries';
      /** `sector/slug`. */
      source: string;
      start: string;
      end: string;
      variables: string[];
      locations: string[];
    }
  | { kind: 'choropleth'; source: string; variable: string; period?: string; method?: string }
  | { kind: 'county'; slug: string }
  | { kind: 'compare'; slugs: string[] };

/** A query as name-value pairs, in order: a name may repeat (`variable`, `location`, `c`). */
export type Query = [name: string, value: string][];

/** The view's query as its page, image and embed addresses all take it. */
export function queryOf(view: SharedView): Query {
  switch (view.kind) {
    case 'timeseries':
      return [
        ['source', view.source],
        ['start', view.start],
        ['end', view.end],
        ...view.variables.map((variable): [string, string] => ['variable', variable]),
        ...view.locations.map((location): [string, string] => ['location', location]),
      ];
    case 'choropleth':
      return [
        ['source', view.source],
        ['variable', view.variable],
        ...(view.period ? [['period', view.period] as [string, string]] : []),
        // The page leaves its default method out of its address; the images take it the same.
        ...(view.method && view.method !== 'quantile' ? [['method', view.method] as [string, string]] : []),
      ];
    case 'compare':
      return view.slugs.map((slug) => ['c', slug]);
    case 'county':
      return [];
  }
}

/** A name or value as URLSearchParams writes it (form encoding), so an address reads the same wherever it is made. */
const formEncode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

export const withQuery = (path: string, query: Query) =>
  query.length ? `${path}?${query.map(([name, value]) => `${formEncode(name)}=${formEncode(value)}`).join('&')}` : path;

/** The view's image (png, svg) or its data twin (csv, json), in `language`. */
export function viewImagePath(view: SharedView, format: ImageFormat, language: Language): string {
  const query: Query = [...queryOf(view), ['lang', language]];
  switch (view.kind) {
    case 'timeseries':
      return withQuery(API.timeseriesImage(format), query);
    case 'choropleth':
      return withQuery(API.choroplethImage(format), query);
    case 'county':
      return withQuery(API.countyImage(view.slug, format), query);
    case 'compare':
      return withQuery(API.compareImage(format), query);
  }
}
