// npm start: install what is missing, build what is stale, then run the portal.
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureWebBuild, ROOT } from './lib/setup.mjs';

ensureDependencies();
ensureWebBuild();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
