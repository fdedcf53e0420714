// npm run dev: the server (restarting on change) and React Router's dev server (Vite) with hot reload on :5173.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, ROOT } from './lib/setup.mjs';

ensureDependencies();
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npx', ['react-router', 'dev'], { cwd: join(ROOT, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
