import escapeHtml from 'escape-html';
import { Feed } from 'feed';
import type { Language, Translate } from '@portal/contract/messages';
import { datasetPath } from '@portal/contract/paths';
import type { datasetLoads } from '@portal/db/queries/dataset-feeds.queries';

export type DatasetLoad = Awaited<ReturnType<typeof datasetLoads>>[number];

/** The newest loads a feed lists: enough for a reader polling daily or weekly, small enough to poll. */
export const FEED_ENTRIES = 50;

/**
 * The date of the tag URIs (RFC 4151) naming feeds and entries: a day the portal's host name was
 * its own. Fixed, so that an id never changes once given.
 */
const TAG_DATE = '2026';

export interface FeedRequest {
  publicUrl: string;
  siteName: string;
  language: Language;
  t: Translate;
  /** What the feed follows, in its tag id: 'portal', 'datasets/{id}', 'sources/{sector}/{source}', 'counties/{slug}'. */
  subject: string;
  title: string;
  /** The feed's own path and the page showing what it follows. */
  selfPath: string;
  pagePath: string;
  loads: DatasetLoad[];
  /** The feed's time when it lists no load: the portal's latest load, or the epoch before any. */
  emptyUpdated: Date;
}

/** An Atom feed (RFC 4287) and the time it last changed, for Last-Modified. */
export interface AtomFeed {
  xml: string;
  updated: Date;
}

/**
 * The Atom feed of some datasets' loads, newest first: one entry per version, with what it changed
 * against the one before (the versions the dataset page lists, in the same words), linked to the
 * dataset page. Ids are tag URIs of the portal's host, made of the dataset, the load's number and
 * its version, so they hold across requests, languages and reloads of other datasets.
 */
export function atomFeed(request: FeedRequest): AtomFeed {
  const { publicUrl, t, loads } = request;
  const tag = (specific: string) => `tag:${new URL(publicUrl).hostname},${TAG_DATE}:${specific}`;
  const updated = loads.length ? loadedAt(loads[0]) : request.emptyUpdated;
  const feed = new Feed({
    id: tag(request.subject),
    title: request.title,
    description: t('feed.subtitle'),
    link: publicUrl + request.pagePath,
    feedLinks: { atom: publicUrl + request.selfPath },
    updated,
    author: { name: request.siteName, link: `${publicUrl}/` },
    generator: request.siteName,
  });
  const describe = changesText(request.language, t);
  for (const load of loads) {
    feed.addItem({
      id: tag(`datasets/${load.dataset_id}/versions/${load.number}/${load.version}`),
      // The library writes titles and summaries as HTML: plain text is escaped to stay plain.
      title: escapeHtml(t('feed.entry.title', { dataset: load.title, version: load.version })),
      link: `${publicUrl}${datasetPath(load.dataset_id)}#versions`,
      date: loadedAt(load),
      description: escapeHtml(describe(load)),
    });
  }
  return { xml: feed.atom1(), updated };
}

const loadedAt = (load: DatasetLoad) => new Date(Number(load.loaded_at));

/** A load in the words of the dataset page's versions list, numbers and times in the reader's language. */
function changesText(language: Language, t: Translate) {
  const integer = new Intl.NumberFormat(language);
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return (load: DatasetLoad) => {
    const entry = t('dataset.versions.entry', {
      count: load.value_count,
      number: load.number,
      version: load.version,
      date: `${dateTime.format(loadedAt(load))} UTC`,
      valueCount: integer.format(load.value_count),
    });
    const changes =
      load.added === null || load.removed === null || load.changed === null
        ? t('dataset.versions.first')
        : load.first_changed && load.last_changed
          ? t('dataset.versions.changes', {
              count: load.changed,
              changed: integer.format(load.changed),
              added: integer.format(load.added),
              removed: integer.format(load.removed),
              first: load.first_changed,
              last: load.last_changed,
            })
          : t('dataset.versions.unchanged');
    return `${entry} ${changes}`;
  };
}
