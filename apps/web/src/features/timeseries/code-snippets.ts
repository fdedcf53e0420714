import { API } from '@portal/contract/paths';
import { ObservationSchema, PAGE_SIZE_MAX } from '@portal/contract/timeseries';

/** A timeseries query as the open API takes it: the source, the dates (YYYY-MM-DD) and the names. */
export interface CodeQuery {
  sector: string;
  source: string;
  start: string;
  end: string;
  variables: string[];
  locations: string[];
}

/** The columns of an observation, in the contract's order: a snippet's table has these. */
const COLUMNS = Object.keys(ObservationSchema.shape);

/** The query's parameters in the order the URL and the snippets list them; pages as large as the API serves. */
function parameters(query: CodeQuery): [string, string | string[] | number][] {
  return [
    ['start', query.start],
    ['end', query.end],
    ['variable', query.variables],
    ['location', query.locations],
    ['pageSize', PAGE_SIZE_MAX],
  ];
}

/** The address of the source's observations on the portal at `origin` ('https://portal.example.org'). */
export const observationsEndpoint = (origin: string, query: Pick<CodeQuery, 'sector' | 'source'>) =>
  origin.replace(/\/+$/, '') + API.observations(query.sector, query.source);

/**
 * The open API URL that answers the query's rows (the first page of PAGE_SIZE_MAX; `page=2` for more).
 * Names are form-encoded: a space as '+', a comma as %2C, an en dash as %E2%80%93.
 */
export function observationsUrl(origin: string, query: CodeQuery): string {
  const search = new URLSearchParams();
  for (const [name, value] of parameters(query)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  return `${observationsEndpoint(origin, query)}?${search}`;
}

/**
 * A Python string literal of any text. JSON's escapes (\" \\ \n \uXXXX) are Python's too, so a JSON
 * string is a valid Python string with the same characters.
 */
export const pythonString = (text: string) => JSON.stringify(text);

/** An R string literal of any text: R reads JSON's escapes (\" \\ \n \uXXXX) the same way. */
export const rString = (text: string) => JSON.stringify(text);

/** Lines `name: value,` of a Python dict or `name = value,` of an R list, indented by four or two. */
function listed(query: CodeQuery, language: 'python' | 'r'): string[] {
  const quote = language === 'python' ? pythonString : rString;
  const literal = (value: string | string[] | number) => {
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string') return quote(value);
    const items = value.map(quote).join(', ');
    return language === 'python' ? `[${items}]` : `c(${items})`;
  };
  return parameters(query).map(([name, value]) =>
    language === 'python' ? `    ${pythonString(name)}: ${literal(value)},` : `  ${name} = ${literal(value)},`,
  );
}

/** Python (requests and pandas) that fetches every page of the query's rows into a DataFrame. */
export function pythonSnippet(origin: string, query: CodeQuery): string {
  return [
    'import pandas as pd',
    'import requests',
    '',
    `url = ${pythonString(observationsEndpoint(origin, query))}`,
    'params = {',
    ...listed(query, 'python'),
    '}',
    '',
    'rows = []',
    'page = 1',
    'while True:',
    '    answer = requests.get(url, params={**params, "page": page}, timeout=60)',
    '    answer.raise_for_status()',
    '    body = answer.json()',
    '    rows.extend(body["data"])',
    '    if page * body["pageSize"] >= body["total"]:',
    '        break',
    '    page += 1',
    '',
    `data = pd.DataFrame(rows, columns=[${COLUMNS.map(pythonString).join(', ')}])`,
    '',
  ].join('\n');
}

/** R (httr2) that fetches every page of the query's rows into a data frame. */
export function rSnippet(origin: string, query: CodeQuery): string {
  return [
    'library(httr2)',
    '',
    `url <- ${rString(observationsEndpoint(origin, query))}`,
    'params <- list(',
    // R refuses a trailing comma in a call, so the last parameter goes without one.
    ...listed(query, 'r').map((line, i, all) => (i === all.length - 1 ? line.replace(/,$/, '') : line)),
    ')',
    '',
    'pages <- list()',
    'page <- 1',
    'repeat {',
    '  body <- request(url) |>',
    '    req_url_query(!!!params, page = page, .multi = "explode") |>',
    '    req_perform() |>',
    '    resp_body_json(simplifyVector = TRUE)',
    '  pages[[page]] <- body$data',
    '  if (page * body$pageSize >= body$total) break',
    '  page <- page + 1',
    '}',
    'data <- do.call(rbind, pages)',
    '',
  ].join('\n');
}
