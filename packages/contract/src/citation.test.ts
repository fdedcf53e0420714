import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  apaCitation,
  bibtexCitation,
  bibtexKey,
  bibtexText,
  cffCitation,
  type CitationInput,
  datasetPageUrl,
} from './citation.ts';

const input: CitationInput = {
  dataset: {
    id: 'wdi-kenya',
    title: 'World Development Indicators: Kenya',
    publisher: 'World Bank',
    licence: 'CC BY 4.0 (World Bank open data terms)',
    citation:
      'World Bank. World Development Indicators, Kenya bulk file (last updated 2025-12-19), https://data.worldbank.org/country/kenya.',
    sourceUrl: 'https://data.worldbank.org/country/kenya',
    retrieved: '2026-11-22',
    notes: null,
  },
  version: '0123456789ab',
  loadedAt: '2026-11-24T07:10:00.000Z',
  accessed: '2026-12-01',
  portal: { name: 'Kenya Data Observatory', origin: 'https://portal.example.org/' },
};

/** Special characters of TeX, YAML and quoting in every free-text field. */
const awkward: CitationInput = {
  ...input,
  dataset: {
    ...input.dataset,
    id: 'odd-data',
    title: 'Rainfall {mm} & "wet" days: 50% of #1_area ~ $x^2$ \\ more',
    publisher: 'Bureau: "Stats" & Co. {KE}',
    licence: 'CC BY 4.0 (to verify)',
    citation: "Bureau (2020). 'Rain' data\nsecond line: {x}",
  },
};

/** The fields of a BibTeX entry, checking the entry's shape and that each value's braces balance. */
function bibtexFields(entry: string): { type: string; key: string; fields: Record<string, string> } {
  const match = /^@(\w+)\{([A-Za-z0-9_:-]+),\n((?: {2}[a-z]+ = \{.*\},\n)+)\}\n$/.exec(entry);
  if (!match) throw new Error(`not a BibTeX entry:\n${entry}`);
  const fields: Record<string, string> = {};
  for (const line of match[3].trimEnd().split('\n')) {
    const [, name, value] = /^ {2}([a-z]+) = \{(.*)\},$/.exec(line)!;
    let depth = 0;
    for (const [i, c] of [...value].entries()) {
      if (value[i - 1] === '\\') continue;
      if (c === '{') depth++;
      if (c === '}' && --depth < 0) throw new Error(`unbalanced braces in ${name}: ${value}`);
    }
    if (depth !== 0) throw new Error(`unbalanced braces in ${name}: ${value}`);
    fields[name] = value;
  }
  return { type: match[1], key: match[2], fields };
}

describe('citations of a dataset', () => {
  it('gives the address of its page on the portal', () => {
    expect(datasetPageUrl(input)).toBe('https://portal.example.org/datasets/wdi-kenya');
  });

  it('cites the portal version and the original data in APA style', () => {
    expect(apaCitation(input).split('\n')).toEqual([
      'Kenya Data Observatory. (2026). World Development Indicators: Kenya (Version 0123456789ab) [Data set]. Retrieved December 1, 2026, from https://portal.example.org/datasets/wdi-kenya',
      'World Bank. (n.d.). World Development Indicators: Kenya [Data set]. Retrieved November 22, 2026, from https://data.worldbank.org/country/kenya',
    ]);
    expect(apaCitation({ ...input, dataset: { ...input.dataset, publisher: 'KNBS.' } })).toContain('\nKNBS. (n.d.)');
  });

  it('writes a BibTeX @misc entry with a stable key, the version, the page and the original data in the note', () => {
    const entry = bibtexCitation(input);
    expect(bibtexCitation(input)).toBe(entry);
    const { type, key, fields } = bibtexFields(entry);
    expect(type).toBe('misc');
    expect(key).toBe('wdi-kenya-0123456789ab');
    expect(fields).toMatchObject({
      author: '{Kenya Data Observatory}',
      title: '{World Development Indicators: Kenya}',
      year: '2026',
      version: '0123456789ab',
      howpublished: '\\url{https://portal.example.org/datasets/wdi-kenya}',
      url: 'https://portal.example.org/datasets/wdi-kenya',
      urldate: '2026-12-01',
    });
    expect(fields.note).toContain(
      'Original data: World Bank, World Development Indicators: Kenya, https://data.worldbank.org/country/kenya, retrieved 2026-11-22.',
    );
    expect(fields.note).toContain(
      'Cite the original data as: World Bank. World Development Indicators, Kenya bulk file',
    );
  });

  it("escapes TeX's special characters, so braces balance whatever the manifest says", () => {
    expect(bibtexText('a{b}_c & 50% #1 $x^2$ ~ \\')).toBe(
      'a\\{b\\}\\_c \\& 50\\% \\#1 \\$x\\^{}2\\$ \\~{} \\textbackslash{}',
    );
    const { fields } = bibtexFields(bibtexCitation(awkward));
    expect(fields.title).toBe(
      '{Rainfall \\{mm\\} \\& "wet" days: 50\\% of \\#1\\_area \\~{} \\$x\\^{}2\\$ \\textbackslash{} more}',
    );
    expect(fields.note).toContain('Original data: Bureau: "Stats" \\& Co. \\{KE\\}, Rainfall');
    expect(fields.note).toContain("Cite the original data as: Bureau (2020). 'Rain' data second line: \\{x\\}");
    expect(apaCitation({ ...awkward, dataset: { ...awkward.dataset, title: 'Two\nlines.' } }).split('\n')[1]).toContain(
      '(n.d.). Two lines [Data set].',
    );
    expect(bibtexKey({ dataset: { ...input.dataset, id: 'a b/c' }, version: '1' })).toBe('a_b_c-1');
  });

  it('writes a CITATION.cff that parses as YAML with the fields of CFF 1.2.0', () => {
    const cff = parse(cffCitation(input)) as Record<string, unknown>;
    expect(cff).toEqual({
      'cff-version': '1.2.0',
      message: expect.stringContaining('please cite this version of it as below'),
      type: 'dataset',
      title: 'World Development Indicators: Kenya',
      authors: [{ name: 'Kenya Data Observatory' }],
      version: '0123456789ab',
      'date-released': '2026-11-24',
      url: 'https://portal.example.org/datasets/wdi-kenya',
      references: [
        {
          type: 'data',
          title: 'World Development Indicators: Kenya',
          authors: [{ name: 'World Bank' }],
          url: 'https://data.worldbank.org/country/kenya',
          'date-accessed': '2026-11-22',
          notes: `Licence: CC BY 4.0 (World Bank open data terms). ${input.dataset.citation}`,
        },
      ],
    });
  });

  it('keeps quotes, colons, braces and line breaks of the manifest as text in the CFF', () => {
    const cff = parse(cffCitation(awkward)) as {
      title: string;
      references: { authors: { name: string }[]; notes: string }[];
    };
    expect(cff.title).toBe(awkward.dataset.title);
    expect(cff.references[0].authors[0].name).toBe(awkward.dataset.publisher);
    expect(cff.references[0].notes).toBe(`Licence: CC BY 4.0 (to verify). ${awkward.dataset.citation}`);
    // A version of digits only stays a string.
    expect(parse(cffCitation({ ...input, version: '012345678901' })).version).toBe('012345678901');
  });
});
