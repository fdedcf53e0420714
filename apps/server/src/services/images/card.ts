import { createHash } from 'node:crypto';
import { decodeHTML } from 'entities';
import { IMAGE_SIZES } from '@portal/contract/images';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';
import type { Highlight } from '@portal/contract/highlights';
import type { Language, Translate } from '@portal/contract/messages';
import { box, type Child, type Drawing } from './draw.ts';
import { clip, MUTED, TEXT } from './frame.ts';

/** --portal-blue of the pages' styles. */
const PORTAL_BLUE = '#0b4f8a';
const PADDING = 64;

/** A figure on a card, written out: what it counts, its value and unit, and its period. */
export interface CardFigure {
  label: string;
  value: string;
  unit: string;
  period: string;
}

/** What a page's social card says: the words its own head gives link previews, and the page's figures if it has any. */
export interface PageCard {
  siteName: string;
  title: string;
  description: string;
  /** The page's address, absolute. */
  page: string;
  language: Language;
  figures: CardFigure[];
  /** The line naming the figures' sources; empty without figures. */
  sources: string;
}

/** The landing page's first three figures, as its cards show them: value, unit and period in the reader's language. */
export function landingCardFigures(highlights: Highlight[], t: Translate, language: Language): CardFigure[] {
  return highlights.slice(0, 3).map((h) => ({
    label: h.location ? `${h.variable}, ${h.location}` : h.variable,
    value: formatFigure(h.latest.value, language),
    unit: h.unit,
    // A figure for no one place is the counties' median, as the landing page says.
    period: [
      formatPeriod(h.latest.date, h.period, language),
      h.counties === null ? null : t('home.figures.median', { count: h.counties }),
    ]
      .filter(Boolean)
      .join(' · '),
  }));
}

const metaContent = (html: string, property: string) => {
  const found = new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
  return found === undefined ? undefined : decodeHTML(found);
};

/**
 * The title and description a rendered page gives link previews (its `og:title` and
 * `og:description`, written by the pages' one head component), so a card says what the page says.
 * The site's name, which titles end with, is left to the card's own top line.
 */
export function headOf(html: string, siteName: string): { title: string; description: string } | undefined {
  const title = metaContent(html, 'og:title');
  if (!title) return undefined;
  const suffix = new RegExp(`\\s*[|·-]\\s*${siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return { title: title.replace(suffix, '') || title, description: metaContent(html, 'og:description') ?? '' };
}

/** A card's ETag: from all it draws, so a card is drawn again only when its words change. */
export const cardEtag = (card: PageCard) =>
  `"${createHash('sha256').update(JSON.stringify(card)).digest('base64url').slice(0, 32)}"`;

const figureBox = (figure: CardFigure): Child =>
  box(
    { flexDirection: 'column', width: 340, marginRight: 24 },
    box({ fontSize: 20, color: MUTED, lineHeight: 1.3 }, clip(figure.label, 60)),
    box(
      { alignItems: 'flex-end', marginTop: 4 },
      box({ fontSize: 44, fontWeight: 700, color: PORTAL_BLUE }, figure.value),
      box({ fontSize: 20, color: MUTED, marginLeft: 8, marginBottom: 8 }, clip(figure.unit, 24)),
    ),
    box({ fontSize: 18, color: MUTED, lineHeight: 1.3 }, figure.period),
  );

/**
 * The card: the portal's name, the page's title and description, its figures with their sources,
 * and its address, at the social card's size. A page titled by the portal's name alone says it once.
 */
export function cardDrawing(card: PageCard): Drawing {
  const size = IMAGE_SIZES.card;
  const withFigures = card.figures.length > 0;
  const node = box(
    {
      flexDirection: 'column',
      width: size.width,
      height: size.height,
      backgroundColor: '#ffffff',
      color: TEXT,
      fontFamily: 'Noto Sans',
      borderTop: `16px solid ${PORTAL_BLUE}`,
    },
    box(
      { flexDirection: 'column', flexGrow: 1, padding: PADDING, paddingTop: 48, paddingBottom: 16 },
      card.title === card.siteName ? null : box({ fontSize: 28, fontWeight: 700, color: PORTAL_BLUE }, card.siteName),
      box({ fontSize: 58, fontWeight: 700, lineHeight: 1.2, marginTop: 24 }, clip(card.title, withFigures ? 45 : 90)),
      box(
        { fontSize: 28, color: MUTED, lineHeight: 1.4, marginTop: 20 },
        clip(card.description, withFigures ? 130 : 190),
      ),
      withFigures ? box({ marginTop: 32 }, ...card.figures.map(figureBox)) : null,
    ),
    box(
      { flexDirection: 'column', paddingLeft: PADDING, paddingRight: PADDING, paddingBottom: 36, fontSize: 20 },
      card.sources ? box({ color: MUTED, marginBottom: 4 }, clip(card.sources, 100)) : null,
      box({ color: MUTED }, clip(card.page, 90)),
    ),
  );
  const words = [card.description, ...card.figures.map((f) => `${f.label}: ${f.value} ${f.unit}, ${f.period}`)];
  return {
    node,
    size,
    title: card.title,
    description: [...words, card.sources, `${card.siteName}: ${card.page}`].filter(Boolean).join('. '),
  };
}
