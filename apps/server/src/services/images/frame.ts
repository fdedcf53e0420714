import type { ImageSize } from '@portal/contract/images';
import type { Translate } from '@portal/contract/messages';
import { box, type Child, type Drawing, type Node } from './draw.ts';

/** What every image says around its chart or map: what it is, when, in which unit, from where, under which licence. */
export interface ImageTexts {
  title: string;
  /** The period shown, as the image writes it. */
  period: string;
  units: string[];
  /** Each source as a line names it: 'publisher: dataset'. */
  sources: string[];
  licences: string[];
  /** The portal's name. */
  siteName: string;
  /** The view's page, absolute. */
  page: string;
  /** A remark on what the image leaves out, if it does. */
  note?: string;
}

export const TEXT = '#212529';
export const MUTED = '#495057';
export const RULE = '#dee2e6';
const PADDING = 32;
const HEADER = 92;
const FOOTER = 78;
const GAP = 12;

/** The size left for the chart or map inside the frame of an image of `size`. */
export const bodySize = (size: ImageSize) => ({
  width: size.width - 2 * PADDING,
  height: size.height - 2 * PADDING - HEADER - FOOTER - 2 * GAP,
});

/** A text cut to `most` characters, ending in an ellipsis when cut: a line of the frame stays one line. */
export const clip = (text: string, most: number) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);

const unique = (texts: string[]) => [...new Set(texts)];

const line = (text: string, style: Record<string, string | number>): Child =>
  box({ fontSize: 15, color: MUTED, lineHeight: 1.35, ...style }, text);

/** The frame: title and period above, the body, then the sources, licences, the portal's name and the page's address. */
export function framed(texts: ImageTexts, t: Translate, size: ImageSize, body: Node): Node {
  const subtitle = [texts.period, ...unique(texts.units).filter(Boolean)].join(' · ');
  return box(
    {
      flexDirection: 'column',
      width: size.width,
      height: size.height,
      padding: PADDING,
      backgroundColor: '#ffffff',
      color: TEXT,
      fontFamily: 'Noto Sans',
    },
    box(
      { flexDirection: 'column', height: HEADER, marginBottom: GAP },
      box({ fontSize: 30, fontWeight: 700, lineHeight: 1.25 }, clip(texts.title, 70)),
      box({ fontSize: 20, color: MUTED, marginTop: 4 }, clip(subtitle, 100)),
      texts.note ? box({ fontSize: 14, color: MUTED }, clip(texts.note, 140)) : null,
    ),
    box({ height: bodySize(size).height, width: bodySize(size).width }, body),
    box(
      {
        flexDirection: 'column',
        width: bodySize(size).width,
        height: FOOTER,
        marginTop: GAP,
        borderTop: `1px solid ${RULE}`,
        paddingTop: 6,
      },
      line(clip(t('image.source', { sources: unique(texts.sources).join('; ') }), 140), {}),
      line(clip(t('image.licence', { licences: unique(texts.licences).join(', ') }), 140), {}),
      box(
        { justifyContent: 'space-between', fontSize: 15, marginTop: 2 },
        box({ fontWeight: 700, color: TEXT, flexShrink: 0, marginRight: 24 }, texts.siteName),
        box({ color: MUTED, overflow: 'hidden' }, clip(texts.page, 95)),
      ),
    ),
  );
}

/** What the image shows in words: for the SVG's `<desc>`, where its text is readable. */
export function descriptionOf(texts: ImageTexts, t: Translate): string {
  return [
    [texts.period, ...unique(texts.units).filter(Boolean)].join(', '),
    texts.note,
    t('image.source', { sources: unique(texts.sources).join('; ') }),
    t('image.licence', { licences: unique(texts.licences).join(', ') }),
    `${texts.siteName}: ${texts.page}`,
  ]
    .filter(Boolean)
    .join('. ');
}

/** An image's drawing: its body in the frame, with the words of its `<title>` and `<desc>`. */
export const drawingOf = (texts: ImageTexts, t: Translate, size: ImageSize, body: Node): Drawing => ({
  node: framed(texts, t, size, body),
  size,
  title: texts.title,
  description: descriptionOf(texts, t),
});
