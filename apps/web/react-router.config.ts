import type { Config } from '@react-router/dev/config';

// Every page is rendered on the server with its first data (ADR 0033); the server mounts the build
// under Fastify (apps/server/src/services/page-rendering.ts).
export default {
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
