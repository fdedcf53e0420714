import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { IMAGE_SIZES } from '@portal/contract/image-sizes';
import { ATOM_TYPE } from '@portal/contract/media-types';
import { DEFAULT_LANGUAGE } from '@portal/contract/languages';
import { API } from '@portal/contract/paths';
import { useLanguage } from '../i18n';
import { usePublicUrl } from './public-url';

/** A feed of what the page shows: its API path and the feed's title. */
export interface PageFeed {
  path: string;
  title: string;
}

interface PageHeadProps {
  title?: string;
  description?: string;
  feed?: PageFeed;
  /** The PNG of the chart or map the page shows (an API path, in the page's language), as its link preview; other pages get a card of their title. */
  image?: string;
}

/**
 * The page's title and description (what tabs, search results and link previews show), its social
 * tags, and the Atom feed of its data's new versions for feed readers to find, rendered where the
 * page is; React places them in the document's head, on the server as in the browser. Until its
 * title is known (its data loading) a page has the site's description and no title of its own.
 */
export function PageHead({ title, description, feed, image }: PageHeadProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const summary = description || t('meta.site');
  // A reader of the page in Swahili subscribes to the feed in Swahili.
  const feedHref = feed && (language === DEFAULT_LANGUAGE ? feed.path : `${feed.path}?lang=${language}`);
  return (
    <>
      {title && <title>{title}</title>}
      <meta name="description" content={summary} />
      {feed && <link rel="alternate" type={ATOM_TYPE} title={feed.title} href={feedHref} />}
      {/* Rendered in the browser too, so that they follow the page a navigation shows. */}
      <SocialTags title={title} summary={summary} image={image} />
    </>
  );
}

/**
 * The page's Open Graph and Twitter card tags: its title, description, address and preview image
 * (its own chart or map, else its card), each address absolute from the portal's public address.
 */
function SocialTags({ title, summary, image }: { title?: string; summary: string; image?: string }) {
  const language = useLanguage();
  const publicUrl = usePublicUrl();
  const { pathname, search } = useLocation();
  const social = {
    ...(title && { 'og:title': title }),
    'og:description': summary,
    'og:url': publicUrl + pathname + search,
    'og:image': publicUrl + (image ?? API.pageCard(pathname + search, language)),
    'og:image:width': String(IMAGE_SIZES.card.width),
    'og:image:height': String(IMAGE_SIZES.card.height),
    'og:image:alt': title ?? summary,
  };
  return (
    <>
      {Object.entries(social).map(([property, content]) => (
        <meta key={property} property={property} content={content} />
      ))}
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
