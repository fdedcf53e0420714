import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageData } from '@portal/contract/images';
import { LANGUAGE_PARAM, type Language } from '@portal/contract/languages';
import { useSite } from '../../api/catalog';
import { PageHead } from '../../components/page-title';
import { useLanguage } from '../../i18n';
import type { RouteHandle } from '../../route-data';

/** Embeds are sent without any script: they read whole as the server renders them (ADR 0043). */
export const embedHandle: RouteHandle = { hydrate: false };

/**
 * An address with the reader's language named in it: a page of another site that frames an embed
 * sends no cookie of the portal's, so the embed's links and form carry the language themselves.
 */
export function withLanguage(address: string, language: Language): string {
  const url = new URL(address, 'http://relative.invalid');
  url.searchParams.set(LANGUAGE_PARAM, language);
  return url.origin === 'http://relative.invalid' ? `${url.pathname}${url.search}` : url.toString();
}

/** The view's query in an embed's address, without its language (which the API reads from the request). */
export function viewQuery(params: URLSearchParams): string {
  const query = new URLSearchParams(params);
  query.delete(LANGUAGE_PARAM);
  return query.toString();
}

const unique = (values: string[]) => [...new Set(values)];

/** One dataset by its publisher and title; several (a county's thirty figures) by their publishers, each once. */
const sourcesOf = (datasets: ImageData['datasets']) =>
  datasets.length === 1
    ? `${datasets[0].publisher}: ${datasets[0].title}`
    : unique(datasets.map((d) => d.publisher)).join('; ');

/** Each licence once; a licence's own closing full stop would read as the end of the list. */
const licencesOf = (datasets: ImageData['datasets']) =>
  unique(datasets.map((d) => d.licence.replace(/\.$/, ''))).join('; ');

/**
 * A view alone, for other sites to frame: its title and period, the server's image of it with the
 * data in words as its alternative text, and a footer naming the source, the licence and the
 * portal, with a link to the full page.
 */
export function EmbedFrame({
  data,
  image,
  alt,
  children,
}: {
  data: ImageData;
  /** The image's PNG address, in the reader's language. */
  image: string;
  alt: string;
  /** Controls shown above the image (the county map's period). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const siteName = useSite().data?.name ?? '';
  return (
    <>
      <PageHead title={t('embed.title', { title: data.title, siteName })} description={alt} />
      <main id="main" className="embed">
        <h1 className="embed-title">{data.title}</h1>
        <p className="embed-period">{[data.period, ...unique(data.units)].join(' · ')}</p>
        {children}
        <img className="embed-image" src={image} alt={alt} width={1200} height={630} fetchPriority="high" />
      </main>
      <footer className="embed-footer">
        <p>
          {t('image.source', { sources: sourcesOf(data.datasets) })}
          {' · '}
          {t('image.licence', { licences: licencesOf(data.datasets) })}
        </p>
        <a href={withLanguage(data.page, language)} target="_blank" rel="noopener">
          {t('embed.fullPage', { siteName })}
          <span className="visually-hidden"> {t('embed.newTab')}</span>
        </a>
      </footer>
    </>
  );
}

/** An embed whose address the portal refuses: the refusal in the reader's words, and a way to the portal. */
export function EmbedRefusal({ message }: { message: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const siteName = useSite().data?.name ?? '';
  return (
    <>
      <PageHead title={siteName} />
      <main id="main" className="embed">
        <h1 className="embed-title">{siteName}</h1>
        <p className="alert alert-warning" role="alert">
          {message}
        </p>
      </main>
      <footer className="embed-footer">
        <a href={withLanguage('/', language)} target="_blank" rel="noopener">
          {t('embed.fullPage', { siteName })}
          <span className="visually-hidden"> {t('embed.newTab')}</span>
        </a>
      </footer>
    </>
  );
}
