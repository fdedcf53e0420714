import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ROOT_DIR } from './config.ts';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe(`sqlite://${ROOT_DIR}var/portal.db`);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailDir).toBe(`${ROOT_DIR}var/mail`);
    expect(config.trustProxy).toBe(0);
    expect(config.map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.cacheDir).toBe(`${ROOT_DIR}var/cache`);
    expect(config.timeouts).toEqual({ requestMs: 30_000, keepAliveMs: 5_000 });
  });

  it('takes the timeouts in milliseconds and refuses values outside 1 s to 10 min', () => {
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '10000', KEEP_ALIVE_TIMEOUT_MS: '2000' }).timeouts).toEqual({
      requestMs: 10_000,
      keepAliveMs: 2_000,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5' })).toThrow(
      /REQUEST_TIMEOUT_MS="5": must be a whole number of milliseconds/,
    );
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: 'soon' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS="soon"/);
    expect(loadConfig({}).readsPerMinute).toBe(600);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '100000' }).readsPerMinute).toBe(100_000);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /RATE_LIMIT_PER_MINUTE="0": must be a whole number of requests a minute/,
    );
    expect(loadConfig({}).queryMaxCells).toBe(500_000);
    expect(loadConfig({ QUERY_MAX_CELLS: '2000000' }).queryMaxCells).toBe(2_000_000);
    expect(() => loadConfig({ QUERY_MAX_CELLS: '10' })).toThrow(
      /QUERY_MAX_CELLS="10": must be a whole number of values/,
    );
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN="short": must be at least 16 printable characters/,
    );
    expect(loadConfig({}).shutdownTimeoutMs).toBe(30_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(5_000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS="-1": must be a whole number of milliseconds/,
    );
  });

  it('keeps the rate-limit counters in this process unless REDIS_URL names a Redis server', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://cache.internal:6379/2' }).redisUrl).toBe('redis://cache.internal:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://user:secret@cache.example.org:6380' }).redisUrl).toBe(
      'rediss://user:secret@cache.example.org:6380',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(
      /REDIS_URL="http:\/\/cache:6379": must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });

  it('takes the base map tiles from MAP_TILE_URL and refuses a URL without {z}/{x}/{y}', () => {
    const config = loadConfig({
      MAP_TILE_URL: 'https://{s}.tiles.example.org/base/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example',
    });
    expect(config.map).toEqual({
      tileUrl: 'https://{s}.tiles.example.org/base/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toThrow(
      /MAP_TILE_URL=.*\{z\}, \{x\} and \{y\}/,
    );
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/portal',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Portal <p@example.org>',
      PUBLIC_URL: 'https://data.example.org/',
      MAIL_DIR: '/tmp/portal-mail',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/portal',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Portal <p@example.org>',
      publicUrl: 'https://data.example.org',
      mailDir: '/tmp/portal-mail',
      trustProxy: 1,
      logLevel: 'warn',
    });
  });

  it('names every bad variable in one message', () => {
    const bad = {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://mail',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'yes',
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (error) {
      const message = (error as Error).message;
      for (const name of Object.keys(bad)) expect(message).toContain(`${name}=`);
      expect(message).toContain('must be a whole number from 0 to 65535');
    }
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": must be a whole number/);
  });
});
