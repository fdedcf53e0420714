import { describe, expect, it } from 'vitest';
import { type CodeQuery, observationsUrl, pythonSnippet, pythonString, rSnippet, rString } from './code-snippets';

const ORIGIN = 'https://portal.example.org';
const QUERY: CodeQuery = {
  sector: 'demography',
  source: 'census',
  start: '2019-01-01',
  end: '2019-12-31',
  variables: ['Population aged 0–4', 'Rainfall, 1-month rolling'],
  locations: ["Murang'a", 'Taita Taveta'],
};
// Quotes, a backslash and a line break: what would end or bend a string literal written naively.
const AWKWARD = 'Households using "solar", share \\ net\nof grid';

describe('the open API URL of a query', () => {
  it('names the source, the dates, every variable and location, and the largest page', () => {
    const url = new URL(observationsUrl(ORIGIN, QUERY));
    expect(url.origin + url.pathname).toBe(
      'https://portal.example.org/api/v1/sectors/demography/sources/census/observations',
    );
    expect(url.searchParams.get('start')).toBe('2019-01-01');
    expect(url.searchParams.get('end')).toBe('2019-12-31');
    expect(url.searchParams.getAll('variable')).toEqual(QUERY.variables);
    expect(url.searchParams.getAll('location')).toEqual(QUERY.locations);
    expect(url.searchParams.get('pageSize')).toBe('1000');
  });

  it('encodes commas, spaces and non-ASCII letters so each name stays one parameter', () => {
    const url = observationsUrl(`${ORIGIN}/`, QUERY);
    expect(url).toContain('variable=Population+aged+0%E2%80%934');
    expect(url).toContain('variable=Rainfall%2C+1-month+rolling');
    expect(url).toContain('location=Murang%27a&location=Taita+Taveta');
    expect(url).not.toContain('//api');
    const awkward = new URL(observationsUrl(ORIGIN, { ...QUERY, variables: [AWKWARD, 'A & B = C?'] }));
    expect(awkward.searchParams.getAll('variable')).toEqual([AWKWARD, 'A & B = C?']);
  });
});

describe('string literals for Python and R', () => {
  it('escape quotes, backslashes and line breaks, and keep other letters as they are', () => {
    for (const quote of [pythonString, rString]) {
      expect(quote(AWKWARD)).toBe('"Households using \\"solar\\", share \\\\ net\\nof grid"');
      expect(quote('Population aged 0–4')).toBe('"Population aged 0–4"');
      expect(quote("Murang'a")).toBe('"Murang\'a"');
    }
  });
});

describe('the Python snippet', () => {
  const code = pythonSnippet(ORIGIN, { ...QUERY, variables: [...QUERY.variables, AWKWARD] });

  it('lists the query as parameters, each name one quoted item', () => {
    expect(code).toContain('url = "https://portal.example.org/api/v1/sectors/demography/sources/census/observations"');
    expect(code).toContain('    "start": "2019-01-01",\n    "end": "2019-12-31",');
    expect(code).toContain(
      '    "variable": ["Population aged 0–4", "Rainfall, 1-month rolling", "Households using \\"solar\\", share \\\\ net\\nof grid"],',
    );
    expect(code).toContain('    "location": ["Murang\'a", "Taita Taveta"],');
    expect(code).toContain('    "pageSize": 1000,');
  });

  it('asks page after page until it has the total, then builds a DataFrame with the columns of the API', () => {
    expect(code).toContain('requests.get(url, params={**params, "page": page}, timeout=60)');
    expect(code).toContain('if page * body["pageSize"] >= body["total"]:');
    expect(code).toContain(
      'data = pd.DataFrame(rows, columns=["timestamp", "variable", "unit", "value", "location", "dataset"])',
    );
  });
});

describe('the R snippet', () => {
  const code = rSnippet(ORIGIN, { ...QUERY, variables: [...QUERY.variables, AWKWARD] });

  it('lists the query as a list of parameters, each name one quoted item, without a trailing comma', () => {
    expect(code).toContain('url <- "https://portal.example.org/api/v1/sectors/demography/sources/census/observations"');
    expect(code).toContain(
      '  variable = c("Population aged 0–4", "Rainfall, 1-month rolling", "Households using \\"solar\\", share \\\\ net\\nof grid"),',
    );
    expect(code).toContain('  location = c("Murang\'a", "Taita Taveta"),');
    expect(code).toContain('  pageSize = 1000\n)');
  });

  it('repeats the names as separate parameters and asks page after page until it has the total', () => {
    expect(code).toContain('req_url_query(!!!params, page = page, .multi = "explode")');
    expect(code).toContain('if (page * body$pageSize >= body$total) break');
    expect(code).toContain('data <- do.call(rbind, pages)');
  });
});
