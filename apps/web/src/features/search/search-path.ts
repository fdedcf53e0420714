/** The search page for a query: a link that can be shared. */
export const searchPagePath = (q: string) => `/search?${new URLSearchParams({ q })}`;
