import { parse } from 'csv-parse/sync';

export interface CsvRecord {
  /** Line of the file where the record ends (1 = the header). */
  line: number;
  fields: string[];
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
}

/**
 * Parses a CSV text into its header and records with their line numbers, leaving out the lines
 * listed in `skipLines` and empty lines. Records keep their own field count so the caller can
 * reject a short or long row by line instead of failing the whole file.
 */
export function parseCsv(text: string | Buffer, skipLines: readonly number[] = []): CsvTable {
  const rows = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as {
    record: string[];
    info: { lines: number };
  }[];
  const [first, ...rest] = rows;
  if (!first) return { header: [], records: [] };
  const skip = new Set(skipLines);
  return {
    header: first.record,
    records: rest.filter((r) => !skip.has(r.info.lines)).map((r) => ({ line: r.info.lines, fields: r.record })),
  };
}
