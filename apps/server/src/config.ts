import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_READS_PER_MINUTE } from './plugins/read-limit.ts';
import { DEFAULT_QUERY_MAX_CELLS } from './services/timeseries-query.ts';

/** The repository root; relative paths in the configuration are taken from here. */
export const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/** OpenStreetMap's standard tiles; operators with heavy traffic must use their own tile server (OSM tile policy). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const PROXY_HOPS = 'must be the number of proxies in front of the portal (0 when none)';

const MILLISECONDS = 'must be a whole number of milliseconds from 1000 to 600000';
const PER_MINUTE = 'must be a whole number of requests a minute from 1 to 1000000';
const CELLS = 'must be a whole number of values from 1000 to 100000000';

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(8080),
  HOST: z.string().min(1, 'must name an interface, e.g. localhost or 0.0.0.0').default('localhost'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:\/\/.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite://path or postgres://user@host:port/database')
    .default('sqlite://var/portal.db'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3, 'must be an address such as "Portal <no-reply@example.org>"').optional(),
  MAIL_DIR: z.string().min(1, 'must name a folder').default('var/mail'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  TRUST_PROXY: z.coerce.number({ error: PROXY_HOPS }).int(PROXY_HOPS).min(0, PROXY_HOPS).max(10, PROXY_HOPS).default(0),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}/,
      'must be an http(s) tile URL template with {z}, {x} and {y}',
    )
    .default(DEFAULT_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().min(1).default(DEFAULT_TILE_ATTRIBUTION),
  CACHE_DIR: z.string().min(1).default('var/cache'),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: MILLISECONDS })
    .int(MILLISECONDS)
    .min(1000, MILLISECONDS)
    .max(600_000, MILLISECONDS)
    .default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number({ error: MILLISECONDS })
    .int(MILLISECONDS)
    .min(1000, MILLISECONDS)
    .max(600_000, MILLISECONDS)
    .default(5_000),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: PER_MINUTE })
    .int(PER_MINUTE)
    .min(1, PER_MINUTE)
    .max(1_000_000, PER_MINUTE)
    .default(DEFAULT_READS_PER_MINUTE),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces')
    .optional(),
  QUERY_MAX_CELLS: z.coerce
    .number({ error: CELLS })
    .int(CELLS)
    .min(1000, CELLS)
    .max(100_000_000, CELLS)
    .default(DEFAULT_QUERY_MAX_CELLS),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379' })
    .optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: MILLISECONDS })
    .int(MILLISECONDS)
    .min(1000, MILLISECONDS)
    .max(600_000, MILLISECONDS)
    .default(30_000),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Folder for e-mail written to files when there is no SMTP server. */
  mailDir: string;
  publicUrl: string;
  trustProxy: number;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: 'development' | 'production' | 'test';
  map: MapSettings;
  /** Folder for rendered layer images (absolute). */
  cacheDir: string;
  timeouts: Timeouts;
  /** Reads of data one client may make a minute. */
  readsPerMinute: number;
  /** The most values one timeseries query may ask for. */
  queryMaxCells: number;
  /** The Bearer token `/metrics` asks for; unset: no metrics. */
  metricsToken: string | undefined;
  /** Redis holding the rate-limit counters, shared by every replica; in-process counters when unset. */
  redisUrl: string | undefined;
  /** How long a stop waits for the requests in flight before cutting them. */
  shutdownTimeoutMs: number;
}

/** How long a client may take: to send a whole request, and to send the next one on a kept-alive connection. */
export interface Timeouts {
  requestMs: number;
  keepAliveMs: number;
}

/** The base map the raster pages draw under the layers. */
export interface MapSettings {
  tileUrl: string;
  attribution: string;
}

/** A configuration that cannot be used; the message lists every bad variable by name. */
export class ConfigError extends Error {}

/**
 * Reads the portal's configuration from environment variables. Empty values count as unset.
 * @throws ConfigError naming each variable that is wrong and why.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.shape).flatMap((key) => (env[key] ? [[key, env[key]]] : [])),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      return `  ${key}=${JSON.stringify(present[key])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: absoluteSqlitePath(e.DATABASE_URL),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'KenyaCLEW <no-reply@localhost>',
    mailDir: resolve(ROOT_DIR, e.MAIL_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    cacheDir: resolve(ROOT_DIR, e.CACHE_DIR),
    timeouts: { requestMs: e.REQUEST_TIMEOUT_MS, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS },
    readsPerMinute: e.RATE_LIMIT_PER_MINUTE,
    queryMaxCells: e.QUERY_MAX_CELLS,
    metricsToken: e.METRICS_TOKEN,
    redisUrl: e.REDIS_URL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

function absoluteSqlitePath(url: string): string {
  if (!url.startsWith('sqlite://')) return url;
  const path = url.slice('sqlite://'.length);
  return path === ':memory:' || isAbsolute(path) ? url : `sqlite://${resolve(ROOT_DIR, path)}`;
}
