// npm run test:cluster: two replicas of the portal behind nginx, on one PostgreSQL and one Redis (test/cluster/).
import { ensureDependencies, ensureNginx, run } from './lib/setup.mjs';

ensureDependencies();
ensureNginx();
process.exit(run('npx', ['vitest', 'run', '-c', 'test/cluster/vitest.config.ts', ...process.argv.slice(2)]));
