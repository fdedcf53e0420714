import spdxLicenceIds from 'spdx-license-ids/index.json' with { type: 'json' };
import { z } from 'zod';
import { HeadlineTopicSchema } from '@portal/contract/counties';
import { caveatKey } from '@portal/contract/messages';

/**
 * The import manifest of one dataset (data/sources/<id>.json): which file, which rows and columns,
 * the variables they hold, where the location and the timestamp come from, and the provenance.
 */
const Text = z.string().trim().min(1, 'must not be empty');
const Column = z.string();
const SourceId = z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "must be 'sector/source', e.g. 'energy/access'");
const Period = z.enum(['year', 'month', 'day', 'normal']);

const SPDX_LICENCE_IDS = new Set(spdxLicenceIds);
/** What a manifest's `licenceId` may be: an identifier of the SPDX licence list, or 'other'. */
export const isLicenceId = (id: string) => id === 'other' || SPDX_LICENCE_IDS.has(id);

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

/** Tests on columns that a row must all pass. */
const Conditions = z.record(Column, Test);
export type RowConditions = z.infer<typeof Conditions>;

const NamedGroupPattern = (group: string) =>
  z.string().superRefine((pattern, ctx) => {
    try {
      new RegExp(pattern);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `is not a regular expression: ${(error as Error).message}` });
      return;
    }
    if (!pattern.includes(`(?<${group}>`))
      ctx.addIssue({ code: 'custom', message: `needs the named group (?<${group}>...)` });
  });

const VariableSchema = z
  .object({
    /**
     * Wide files: the column holding this variable's values. Long files: a value column other than
     * `long.valueColumn`, for files that give several measures per key (a number and a share).
     */
    column: Column.optional(),
    /** Long files: the value(s) of the key column(s) that select this variable's rows. */
    key: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
    name: Text,
    unit: Text,
    sources: z.array(SourceId).min(1, 'name at least one source'),
    /**
     * Tests a row must also pass to give this variable a value: one key holding two series, told
     * apart by another column (a model parameter's mode of operation, its road vehicles).
     */
    where: Conditions.optional(),
    /** When several rows give the same location and period, combine them this way (else a duplicate is rejected). */
    aggregate: z.enum(['mean', 'max', 'min', 'sum']).optional(),
    /** What the number measures, in words. */
    definition: Text.optional(),
    /** The series' code at its publisher; defaults to the manifest's `code`. */
    code: Text.optional(),
    /** How the portal makes the value from published ones (an aggregate, a filled scenario); absent when it is the published value. */
    derivation: Text.optional(),
    /**
     * Another variable of this manifest whose values stand wherever this one has none for a place
     * and period: a model scenario published as its changes to a base scenario.
     */
    fillFrom: Text.optional(),
    /**
     * One of the landing page's figures, at `order` in their row: the values at `location`, or
     * without one the median of the counties that have a value for each date.
     */
    highlight: z
      .object({ order: z.number().int().min(1), location: Text.optional() })
      .strict()
      .optional(),
    /**
     * One of the county profiles' headline figures (a county-level variable), under `topic` at
     * `order` among all headlines.
     */
    headline: z
      .object({ topic: HeadlineTopicSchema, order: z.number().int().min(1) })
      .strict()
      .optional(),
    /**
     * For a figure easily taken for another: the key of the catalogue text ('caveat.*', English and
     * Swahili) that says what it measures and how it differs, shown wherever the pages show it.
     */
    caveat: z
      .string()
      .refine((text) => caveatKey(text) !== null, { message: "must be a key of the text catalogue starting 'caveat.'" })
      .optional(),
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
    if ((t.value === undefined) === (t.column === undefined))
      ctx.addIssue({ code: 'custom', message: 'give either value or column' });
    if ((t.format === undefined) === (t.pattern === undefined))
      ctx.addIssue({ code: 'custom', message: 'give either format or pattern' });
    if (t.pattern !== undefined) {
      try {
        new RegExp(t.pattern);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          path: ['pattern'],
          message: `is not a regular expression: ${(error as Error).message}`,
        });
        return;
      }
      const needed = {
        year: ['year'],
        month: ['year', 'month'],
        day: ['year', 'month', 'day'],
        normal: ['year', 'lastYear', 'month'],
      }[t.period];
      for (const group of needed) {
        if (!t.pattern.includes(`(?<${group}>`))
          ctx.addIssue({
            code: 'custom',
            path: ['pattern'],
            message: `needs the named group (?<${group}>...) for period '${t.period}'`,
          });
      }
    }
    if (t.format && t.period !== 'year' && t.format === 'YYYY')
      ctx.addIssue({ code: 'custom', path: ['format'], message: `'YYYY' gives no ${t.period}` });
    if (t.format && t.period === 'day' && t.format !== 'YYYY-MM-DD')
      ctx.addIssue({ code: 'custom', path: ['format'], message: "period 'day' needs 'YYYY-MM-DD'" });
    if (t.format && t.period === 'normal')
      ctx.addIssue({
        code: 'custom',
        path: ['format'],
        message: "period 'normal' needs a pattern naming the reference period's first and last year",
      });
  });
export type TimeSpec = z.infer<typeof TimeSchema>;

/** Where a row's place comes from when its location column names none (a former district, an empty cell). */
const FallbackSchema = z.union([
  /** The county whose boundary holds the row's coordinates. */
  z.object({ countyAt: z.object({ lat: Column, lon: Column }).strict() }).strict(),
  /** A name found in another column by a pattern with the group (?<name>...), e.g. the county in 'Hola (Tana River)'. */
  z.object({ column: Column, pattern: NamedGroupPattern('name') }).strict(),
]);
export type LocationFallback = z.infer<typeof FallbackSchema>;

const LocationSchema = z.union([
  z.object({ value: Text }).strict(),
  z
    .object({
      column: Column,
      /** Spellings used only by this file, mapped to a canonical name of locations.json. */
      aliases: z.record(z.string(), Text).optional(),
      /** Rows that pass `where` belong to `name`, whatever the column says (two records under one name kept apart). */
      overrides: z
        .array(z.object({ where: Conditions, name: Text }).strict())
        .min(1)
        .optional(),
      /** Tried in order when the column names no known location. */
      fallbacks: z.array(FallbackSchema).min(1).optional(),
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
    /** The licence as visitors read it: the publisher's terms, or that it states none. */
    licence: Text,
    /** The same licence as an SPDX identifier, for exports; 'other' when SPDX lists none for it (or none is stated). */
    licenceId: z.string().refine(isLicenceId, {
      message: "must be an SPDX licence identifier (https://spdx.org/licenses/, e.g. 'CC-BY-4.0') or 'other'",
    }),
    citation: Text,
    sourceUrl: z.url(),
    retrieved: z.iso.date('must be a date YYYY-MM-DD'),
    /** The publisher's code of the table or dataset, for variables that give none of their own. */
    code: Text.optional(),
    /** How the portal prepares the file beyond reading it; shown with the provenance. */
    notes: Text.optional(),
    csv: z
      .object({
        /** File line numbers (1 = the header) to leave out, e.g. an HXL hashtag row. */
        skipLines: z.array(z.number().int().min(2)).default([]),
        blanks: z.array(z.string()).default(DEFAULT_BLANKS),
      })
      .strict()
      .default({ skipLines: [], blanks: DEFAULT_BLANKS }),
    /** Keep a row when it passes every test of at least one of these; without it every row is kept. */
    where: z.array(Conditions).min(1).optional(),
    /** Rows left out on purpose, each reported as rejected with its reason (e.g. a dam that lies in another country). */
    exclude: z
      .array(z.object({ where: Conditions, reason: Text }).strict())
      .min(1)
      .optional(),
    location: LocationSchema,
    time: TimeSchema,
    /** Long files: the key column(s) that say which variable a row holds, and the value column (a variable may name its own). */
    long: z
      .object({ keyColumns: z.array(Column).min(1), valueColumn: Column })
      .strict()
      .optional(),
    /**
     * Long files: rows that split a whole into parts, told apart by the key column `column` (the
     * IPC's population analysed, 'all', and its phases '1' to '5'), in groups of the same place,
     * date and other key columns. Where a group's parts do not add up to its whole (within 1 %, the
     * rounding of published figures), they are not data: every row of the group but the whole's is
     * left out (reported with `reason`), those that are sums of parts ('3+') and other columns too.
     */
    partsOfWhole: z
      .object({ column: Column, whole: z.string(), parts: z.array(z.string()).min(2), reason: Text })
      .strict()
      .optional(),
    variables: z.array(VariableSchema).min(1),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.partsOfWhole && !m.long?.keyColumns.includes(m.partsOfWhole.column))
      ctx.addIssue({ code: 'custom', path: ['partsOfWhole', 'column'], message: "must be one of long's keyColumns" });
    const names = new Set<string>();
    m.variables.forEach((v, index) => {
      const path = ['variables', index];
      if (names.has(v.name)) ctx.addIssue({ code: 'custom', path, message: `variable '${v.name}' is listed twice` });
      names.add(v.name);
      if (m.long) {
        const key = typeof v.key === 'string' ? [v.key] : v.key;
        if (!key) ctx.addIssue({ code: 'custom', path, message: "a long file's variable needs 'key'" });
        else if (key.length !== m.long.keyColumns.length)
          ctx.addIssue({
            code: 'custom',
            path,
            message: `key needs ${m.long.keyColumns.length} value(s), one per key column`,
          });
      } else if (v.column === undefined || v.key !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: "a wide file's variable needs 'column' (and no 'key'); add 'long' for a long file",
        });
      }
      if (new Set(v.sources).size !== v.sources.length)
        ctx.addIssue({ code: 'custom', path, message: 'lists a source twice' });
    });
    m.variables.forEach((v, index) => {
      if (v.fillFrom === undefined) return;
      const base = m.variables.find((other) => other.name === v.fillFrom);
      const path = ['variables', index, 'fillFrom'];
      if (!base || base === v)
        ctx.addIssue({ code: 'custom', path, message: `names no other variable of this manifest: '${v.fillFrom}'` });
      else if (base.fillFrom !== undefined)
        ctx.addIssue({
          code: 'custom',
          path,
          message: `'${v.fillFrom}' is filled from another variable itself; fill from the base one`,
        });
    });
  });
export type Manifest = z.infer<typeof ManifestSchema>;

/** The key values of a long file's variable as a list. */
export function keyOf(variable: VariableSpec): string[] {
  return typeof variable.key === 'string' ? [variable.key] : (variable.key ?? []);
}
