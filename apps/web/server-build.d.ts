// The module `react-router build` writes for the server (build/server/index.js), as React Router types it.
import type { ServerBuild } from 'react-router';

declare const build: ServerBuild;
export = build;
