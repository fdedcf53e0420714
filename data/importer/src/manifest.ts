import { z } from 'zod';

/**
 * The import manifest of one dataset (data/sources/<id>.json): which file, which rows and columns,
 * the variables they hold, where the location and the timestamp come from, and the provenance.
 */
const Text = z.string().trim().min(1, 'must not be empty');
const Column = z.string();
const SourceId = z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "must be 'sector/source', e.g. 'energy/access'");
const Period = z.enum(['year', 'month', 'day']);

/** Cell values that mean "no value" in the shipped files; they are counted as blank, not rejected. */
export const DEFAULT_BLANKS = ['', 'NA', 'N/A', '..', 'NaN', 'nan'];

/** A test on one column: equal to a text, one of several, none of several, or a number bound. */
const Test = z.union([
  z.string(),
  z.array(z.string()).min(1),
  z.object({ notIn: z.array(z.string()).min(1) }).strict(),
  z.object({ atLeast: z.number() }).strict(),
  z.object({ atMost: z.number() }).strict(),
]);
export type ColumnTest = z.infer<typeof Test>;

const VariableSchema = z
  .object({
    /** Wide files: the column holding this variable's values. */
    column: Column.optional(),
    /** Long files: the value(s) of the key column(s) that select this variable's rows. */
    key: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
    name: Text,
    unit: Text,
    sources: z.array(SourceId).min(1, 'name at least one source'),
    /** When several rows give the same location and period, combine them this way (else a duplicate is rejected). */
    aggregate: z.enum(['mean', 'max', 'min', 'sum']).optional(),
  })
  .strict();
export type VariableSpec = z.infer<typeof VariableSchema>;

const TimeSchema = z
  .object({
    /** The same timestamp for every row (e.g. a census year). */
    value: z.string().optional(),
    /** The column (or columns, joined by one space) holding the timestamp. */
    column: z.union([Column, z.array(Column).min(1)]).optional(),
    format: z.enum(['YYYY', 'YYYY-MM', 'YYYY-MM-DD']).optional(),
    /** A regular expression with the named groups year, and month and day as the period needs. */
    pattern: z.string().optional(),
    period: Period,
  })
  .strict()
  .superRefine((t, ctx) => {
    if ((t.value === undefined) === (t.column === undefined)) ctx.addIssue({ code: 'custom', message: 'give either value or column' });
    if ((t.format === undefined) === (t.pattern === undefined)) ctx.addIssue({ code: 'custom', message: 'give either format or pattern' });
    if (t.pattern !== undefined) {
      try {
        new RegExp(t.pattern);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: ['pattern'], message: `is not a regular expression: ${(error as Error).message}` });
        return;
      }
      const needed = t.period === 'year' ? ['year'] : t.period === 'month' ? ['year', 'month'] : ['year', 'month', 'day'];
      for (const group of needed) {
        if (!t.pattern.includes(`(?<${group}>`)) ctx.addIssue({ code: 'custom', path: ['pattern'], message: `needs the named group (?<${group}>...) for period '${t.period}'` });
      }
    }
    if (t.format && t.period !== 'year' && t.format === 'YYYY') ctx.addIssue({ code: 'custom', path: ['format'], message: `'YYYY' gives no ${t.period}` });
    if (t.format && t.period === 'day' && t.format !== 'YYYY-MM-DD') ctx.addIssue({ code: 'custom', path: ['format'], message: "period 'day' needs 'YYYY-MM-DD'" });
  });
export type TimeSpec = z.infer<typeof TimeSchema>;

const LocationSchema = z.union([
  z.object({ value: Text }).strict(),
  z
    .object({
      column: Column,
      /** Spellings used only by this file, mapped to a canonical name of locations.json. */
      aliases: z.record(z.string(), Text).optional(),
    })
    .strict(),
]);
export type LocationSpec = z.infer<typeof LocationSchema>;

export const ManifestSchema = z
  .object({
    $comment: z.string().optional(),
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower case words joined by hyphens'),
    title: Text,
    /** Path of the file under data/raw. */
    file: z.string().regex(/^[a-z0-9_]+(\/[A-Za-z0-9_.-]+)+\.csv$/, 'must be the path of a .csv file under data/raw'),
    publisher: Text,
    licence: Text,
    citation: Text,
    sourceUrl: z.url(),
    retrieved: z.iso.date('must be a date YYYY-MM-DD'),
    csv: z
      .object({
        /** File line numbers (1 = the header) to leave out, e.g. an HXL hashtag row. */
        skipLines: z.array(z.number().int().min(2)).default([]),
        blanks: z.array(z.string()).default(DEFAULT_BLANKS),
      })
      .strict()
      .default({ skipLines: [], blanks: DEFAULT_BLANKS }),
    /** Keep a row when it passes every test of at least one of these; without it every row is kept. */
    where: z.array(z.record(Column, Test)).min(1).optional(),
    location: LocationSchema,
    time: TimeSchema,
    /** Long files: the key column(s) that say which variable a row holds, and the value column. */
    long: z.object({ keyColumns: z.array(Column).min(1), valueColumn: Column }).strict().optional(),
    variables: z.array(VariableSchema).min(1),
  })
  .strict()
  .superRefine((m, ctx) => {
    const names = new Set<string>();
    m.variables.forEach((v, index) => {
      const path = ['variables', index];
      if (names.has(v.name)) ctx.addIssue({ code: 'custom', path, message: `variable '${v.name}' is listed twice` });
      names.add(v.name);
      if (m.long) {
        const key = typeof v.key === 'string' ? [v.key] : v.key;
        if (!key || v.column !== undefined) ctx.addIssue({ code: 'custom', path, message: "a long file's variable needs 'key' (and no 'column')" });
        else if (key.length !== m.long.keyColumns.length) ctx.addIssue({ code: 'custom', path, message: `key needs ${m.long.keyColumns.length} value(s), one per key column` });
      } else if (v.column === undefined || v.key !== undefined) {
        ctx.addIssue({ code: 'custom', path, message: "a wide file's variable needs 'column' (and no 'key'); add 'long' for a long file" });
      }
      if (new Set(v.sources).size !== v.sources.length) ctx.addIssue({ code: 'custom', path, message: 'lists a source twice' });
    });
  });
export type Manifest = z.infer<typeof ManifestSchema>;

/** The key values of a long file's variable as a list. */
export function keyOf(variable: VariableSpec): string[] {
  return typeof variable.key === 'string' ? [variable.key] : (variable.key ?? []);
}
