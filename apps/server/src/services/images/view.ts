import type { ImageSize } from '@portal/contract/images';
import type { Language, Translate } from '@portal/contract/messages';
import type { Node } from './draw.ts';
import type { ImageTexts } from './frame.ts';

/** A table of what an image shows: the CSV twin, and the rows of the JSON twin. */
export interface ShownTable {
  columns: string[];
  rows: (string | number | null)[][];
}

/**
 * One view as an image: its texts (sources and licences are filled in from `datasetIds`), its chart
 * or map for the room the frame leaves, and the table of exactly what it draws.
 */
export interface ImageView {
  texts: Omit<ImageTexts, 'sources' | 'licences' | 'siteName'>;
  body: (size: { width: number; height: number }) => Node;
  table: ShownTable;
  datasetIds: string[];
}

/** What a view's builder needs besides its data: the reader's language and the portal's address. */
export interface ViewContext {
  t: Translate;
  language: Language;
  publicUrl: string;
  size: ImageSize;
}

export const absolute = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

const csvField = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The table as CSV: a header, then a line per row; a value the data lacks is an empty field. */
export const tableCsv = ({ columns, rows }: ShownTable) =>
  [columns, ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n';

/** A number as the images write it: up to four significant digits, in the reader's language. */
export const numberFormat = (language: Language) => new Intl.NumberFormat(language, { maximumSignificantDigits: 4 });
