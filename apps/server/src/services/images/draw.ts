import { readFileSync } from 'node:fs';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import sharp from 'sharp';
import type { ImageSize } from '@portal/contract/images';
import { notoSansFile } from '../fonts.ts';

/** An element of a drawing, as satori takes it (the shape of a React element, without React). */
export interface Node {
  type: string;
  props: Record<string, unknown>;
}
export type Child = Node | string | null;
export type Style = Record<string, string | number>;

/** A box (div) of a drawing: flex layout, as satori lays every box out. */
export const box = (style: Style, ...children: Child[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children: children.filter((c) => c !== null) },
});

/** A shape inside an inline SVG (path, rect, line, circle). */
export const shape = (type: string, props: Record<string, string | number>): Node => ({ type, props });

/** An inline SVG of `width` × `height` holding shapes in its own drawing space. */
export const svg = (width: number, height: number, viewBox: string, children: Node[]): Node => ({
  type: 'svg',
  props: { width, height, viewBox, children },
});

let fonts: Font[] | undefined;
const loadFonts = (): Font[] =>
  (fonts ??= ([400, 700] as const).map((weight) => ({
    name: 'Noto Sans',
    data: readFileSync(notoSansFile(weight)),
    weight,
    style: 'normal',
  })));

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A drawing and the words that say what it shows, for the SVG's `<title>` and `<desc>`. */
export interface Drawing {
  node: Node;
  size: ImageSize;
  title: string;
  description: string;
}

/**
 * The drawing as SVG. Satori writes text as paths, which no reader or search engine can read, so
 * the title and description go in as `<title>` and `<desc>`, and the image is named for screen readers.
 */
export async function drawSvg({ node, size, title, description }: Drawing): Promise<string> {
  const drawn = await satori(node as Parameters<typeof satori>[0], { ...size, fonts: loadFonts() });
  const opening = drawn.indexOf('>') + 1;
  return `${drawn.slice(0, opening - 1)} role="img" aria-labelledby="image-title image-desc"><title id="image-title">${escapeXml(title)}</title><desc id="image-desc">${escapeXml(description)}</desc>${drawn.slice(opening)}`;
}

/**
 * The SVG as PNG, rasterised on resvg's own thread so the server's thread goes on answering others,
 * then written with a palette of at most 256 colours (sharp, on libuv's threads): the drawings are
 * flat fills, lines and text, which a palette keeps to the eye, and the file is about a third of
 * full colour's (bench/images.ts), a third of the wait for an embed or a shared card on a slow phone.
 */
export async function drawPng(svgText: string): Promise<Buffer> {
  const image = await renderAsync(svgText, { font: { loadSystemFonts: false } });
  return sharp(image.asPng()).png({ palette: true }).toBuffer();
}
