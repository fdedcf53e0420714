export interface Route {
  method: string;
  url: string;
}

/** Every route under `prefix` the app registered, read from Fastify's route tree (HEAD is GET's twin). */
export function apiRoutes(tree: string, prefix = '/api/'): Route[] {
  const prefixes: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    prefixes[depth] = (depth > 0 ? prefixes[depth - 1] : '') + match[2];
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && prefixes[depth].startsWith(prefix)) routes.push({ method, url: prefixes[depth] });
    }
  }
  return routes;
}
