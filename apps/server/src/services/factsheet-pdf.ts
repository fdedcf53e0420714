// A county's fact sheet as a PDF of at most two A4 pages, drawn with pdfkit. This module is the
// worker of the fact sheet pool (services/factsheets.ts): it takes plain data and gives the bytes.
import { notoSansFile } from './fonts.ts';
import PDFDocument from 'pdfkit';
import type { County, CountyFigure, Point } from '@portal/contract/counties';
import { HEADLINE_TOPICS } from '@portal/contract/county-rules';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';
import { type Language, translator } from '@portal/contract/messages';
import '@portal/contract/messages-sw';
import { type CountyOutline, locatorMap, qrCode, sparkline } from './pdf-drawings.ts';

export interface FactsheetInput {
  language: Language;
  siteName: string;
  county: County;
  /** The county's headline figures, their source titles in `language`. */
  figures: CountyFigure[];
  outlines: CountyOutline[];
  /** The county's page, absolute, for the QR code and the link. */
  profileUrl: string;
  /** When the fact sheet is made (ISO 8601). */
  madeAt: string;
}

// pdfkit embeds only the glyphs used.
const FONTS = { regular: notoSansFile(400), bold: notoSansFile(700) };

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const WIDTH = A4.width - 2 * MARGIN;
/** Lowest a row may reach, leaving room for the page's footer. */
const BOTTOM = A4.height - MARGIN - 14;
const INK = '#212529';
const MUTED = '#5c636a';
const RULE = '#ced4da';
const LINE = '#0d6efd';

/** The table's columns, left to right, in points; they add up to the page's width. */
const COLUMNS = { figure: 150, value: 112, period: 64, rank: 56, national: 62, trend: 79 } as const;
type Column = keyof typeof COLUMNS;
const columnX = (() => {
  let x = MARGIN;
  return Object.fromEntries(
    Object.entries(COLUMNS).map(([name, width]) => {
      const left = x;
      x += width;
      return [name, left];
    }),
  ) as Record<Column, number>;
})();
const CELL_PAD = 3;
const TREND = { width: 71, height: 14 };

type Doc = PDFKit.PDFDocument;

/** The fact sheet's bytes. */
export default async function renderFactsheet(input: FactsheetInput): Promise<Uint8Array> {
  const t = translator(input.language);
  const title = t('factsheet.title', { name: input.county.name });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: input.language,
    displayTitle: true,
    info: { Title: title, Author: input.siteName, Creator: input.siteName, CreationDate: new Date(input.madeAt) },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  let y = header(doc, input, title);
  y = figureTable(doc, input, y + 8);
  sources(doc, input, y + 12);
  footers(doc, input);
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** Title, county code, how ranks read, the date made and the link, beside the QR code and the locator map. */
function header(doc: Doc, input: FactsheetInput, title: string): number {
  const t = translator(input.language);
  const textWidth = 300;
  const made = new Intl.DateTimeFormat(input.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(input.madeAt),
  );
  doc.font('regular').fontSize(8).fillColor(MUTED).text(input.siteName, MARGIN, MARGIN, { width: textWidth });
  doc.font('bold').fontSize(18).fillColor(INK).text(title, { width: textWidth });
  doc
    .font('regular')
    .fontSize(9)
    .text(t('county.code', { code: input.county.code }), { width: textWidth });
  doc.moveDown(0.5);
  doc.fontSize(7.5).fillColor(MUTED).text(t('county.rankNote'), { width: textWidth });
  doc.moveDown(0.4);
  doc.text(t('factsheet.made', { date: made, siteName: input.siteName }), { width: textWidth });
  doc.moveDown(0.4);
  doc.text(t('factsheet.online'), { width: textWidth });
  doc.fillColor(LINE).text(input.profileUrl, { width: textWidth, link: input.profileUrl });
  const textBottom = doc.y;

  const qrSize = 76;
  qrCode(doc, input.profileUrl, { x: MARGIN + textWidth + 14, y: MARGIN + 4, size: qrSize }, INK);
  const map = { x: A4.width - MARGIN - 118, y: MARGIN, width: 118, height: 150 };
  locatorMap(doc, input.outlines, input.county.slug, map);
  return Math.max(textBottom, map.y + map.height);
}

function columnHeads(doc: Doc, t: ReturnType<typeof translator>, y: number): number {
  doc.font('bold').fontSize(7).fillColor(MUTED);
  for (const column of Object.keys(COLUMNS) as Column[]) {
    doc.text(t(`factsheet.column.${column}`), columnX[column] + CELL_PAD, y, { width: COLUMNS[column] - 2 * CELL_PAD });
  }
  const bottom = y + 11;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + WIDTH, bottom)
    .lineWidth(0.6)
    .stroke(RULE);
  return bottom + 2;
}

/** Each topic's figures, one row each: value and unit, period, rank, Kenya's value, recent values. */
function figureTable(doc: Doc, input: FactsheetInput, top: number): number {
  const { language } = input;
  const t = translator(language);
  let y = columnHeads(doc, t, top);
  for (const topic of HEADLINE_TOPICS) {
    const figures = input.figures.filter((f) => f.topic === topic);
    // Prices exist only where a monitored market is: a county without one lists none, as its page does.
    const rows = topic === 'prices' ? figures.filter((f) => f.latest) : figures;
    if (!rows.length) continue;
    const rowHeights = rows.map((f) => rowHeight(doc, input, f));
    // A topic's heading stays with its first row.
    if (y + 16 + rowHeights[0] > BOTTOM) y = columnHeads(doc.addPage(), t, MARGIN);
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(t(`county.topic.${topic}`), MARGIN, y + 5, { width: WIDTH });
    y += 17;
    rows.forEach((figure, i) => {
      if (y + rowHeights[i] > BOTTOM) y = columnHeads(doc.addPage(), t, MARGIN);
      figureRow(doc, input, figure, y);
      y += rowHeights[i];
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + WIDTH, y)
        .lineWidth(0.3)
        .stroke(RULE);
    });
  }
  return y;
}

/** A figure's cells as text, the same for measuring and drawing. */
function cells(input: FactsheetInput, figure: CountyFigure) {
  const { language } = input;
  const t = translator(language);
  const { latest } = figure;
  return {
    value: latest ? formatFigure(latest.value, language) : t('factsheet.noValue'),
    period: latest ? formatPeriod(latest.date, figure.period, language) : '',
    rank: figure.rank ? t('factsheet.rank', figure.rank) : '',
    national: figure.national ? formatFigure(figure.national.value, language) : '',
  };
}

const cellWidth = (column: Column) => COLUMNS[column] - 2 * CELL_PAD;

function rowHeight(doc: Doc, input: FactsheetInput, figure: CountyFigure): number {
  const text = cells(input, figure);
  const name = doc
    .font('regular')
    .fontSize(7.5)
    .heightOfString(figure.variable, { width: cellWidth('figure') });
  const value =
    doc
      .font('bold')
      .fontSize(8.5)
      .heightOfString(text.value, { width: cellWidth('value') }) +
    (figure.latest
      ? doc
          .font('regular')
          .fontSize(6.5)
          .heightOfString(figure.unit, { width: cellWidth('value') })
      : 0);
  const period = doc
    .font('regular')
    .fontSize(7.5)
    .heightOfString(text.period, { width: cellWidth('period') });
  const trend = figure.series.length >= 2 ? TREND.height + 8 : 0;
  return Math.max(name, value, period, trend) + 2 * CELL_PAD;
}

function figureRow(doc: Doc, input: FactsheetInput, figure: CountyFigure, y: number) {
  const text = cells(input, figure);
  const top = y + CELL_PAD;
  const at = (column: Column) => columnX[column] + CELL_PAD;
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(INK)
    .text(figure.variable, at('figure'), top, { width: cellWidth('figure') });
  if (figure.latest) {
    doc
      .font('bold')
      .fontSize(8.5)
      .text(text.value, at('value'), top, { width: cellWidth('value') });
    doc
      .font('regular')
      .fontSize(6.5)
      .fillColor(MUTED)
      .text(figure.unit, { width: cellWidth('value') });
  } else {
    doc
      .font('regular')
      .fontSize(7)
      .fillColor(MUTED)
      .text(text.value, at('value'), top, { width: cellWidth('value') });
  }
  doc.font('regular').fontSize(7.5).fillColor(INK);
  doc.text(text.period, at('period'), top, { width: cellWidth('period') });
  doc.text(text.rank, at('rank'), top, { width: cellWidth('rank') });
  doc.text(text.national, at('national'), top, { width: cellWidth('national') });
  if (figure.series.length >= 2) trendLine(doc, input, figure, at('trend'), top);
}

/** The county's recent values as a small line, its first and last periods beneath. */
function trendLine(doc: Doc, input: FactsheetInput, figure: CountyFigure, x: number, y: number) {
  const period = (point: Point | undefined) => formatPeriod(point!.date, figure.period, input.language, 'short');
  sparkline(
    doc,
    figure.series.map((p) => p.value),
    [period(figure.series[0]), period(figure.series.at(-1))],
    { x, y, ...TREND },
    { line: LINE, label: MUTED },
  );
}

/**
 * Every dataset the figures come from, grouped by publisher, licence and retrieval date: the census
 * tables share theirs, and saying them once keeps the sheet within two pages.
 */
function sources(doc: Doc, input: FactsheetInput, top: number) {
  const t = translator(input.language);
  const groups = new Map<string, { dataset: CountyFigure['dataset']; titles: Set<string> }>();
  for (const { dataset } of input.figures.filter((f) => f.latest)) {
    const group = `${dataset.publisher}\n${dataset.licence}\n${dataset.retrieved}`;
    if (!groups.has(group)) groups.set(group, { dataset, titles: new Set() });
    groups.get(group)!.titles.add(dataset.title);
  }
  const lines = [...groups.values()].map(({ dataset, titles }) =>
    t('factsheet.sourceLine', {
      publisher: dataset.publisher,
      titles: [...titles].join('; '),
      // The line ends each part with its own full stop.
      licence: dataset.licence.replace(/\.$/, ''),
      retrieved: dataset.retrieved,
    }),
  );
  doc.font('regular').fontSize(7);
  const height = 16 + lines.reduce((sum, line) => sum + doc.heightOfString(line, { width: WIDTH }) + 3, 0);
  let y = top;
  if (y + height > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('bold').fontSize(9.5).fillColor(INK).text(t('county.sources'), MARGIN, y, { width: WIDTH });
  doc.font('regular').fontSize(7).fillColor(INK);
  for (const line of lines) doc.text(line, MARGIN, doc.y + 3, { width: WIDTH });
}

/** The page number and the county's name at the foot of each page. */
function footers(doc: Doc, input: FactsheetInput) {
  const t = translator(input.language);
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    // Writing below the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(7)
      .fillColor(MUTED)
      .text(
        `${t('factsheet.title', { name: input.county.name })} · ${t('factsheet.page', { page: page + 1, pages: count })}`,
        MARGIN,
        A4.height - MARGIN,
        { width: WIDTH, align: 'right', lineBreak: false },
      );
  }
}
