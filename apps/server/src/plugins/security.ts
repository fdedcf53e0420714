import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The origin a tile URL template loads from, as a CSP source: '{s}' subdomains become a wildcard.
 * @example tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png') // 'https://*.tile.example.org'
 */
export function tileOrigin(tileUrl: string): string {
  const origin = /^https?:\/\/[^/]+/.exec(tileUrl)?.[0] ?? '';
  return origin.replace(/\{[a-z]+\}/g, '*');
}

/**
 * Security headers with a Content-Security-Policy that the built pages satisfy (no inline script).
 * Images come from the portal itself (layers arrive as data: URLs) and the configured tile server.
 */
export async function registerSecurity(app: FastifyInstance, tileUrl: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-bootstrap and the map set element styles from script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(tileUrl)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
