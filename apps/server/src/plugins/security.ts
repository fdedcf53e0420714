import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { EMBED_PREFIX } from '@portal/contract/paths';

declare module 'fastify' {
  interface FastifyReply {
    /** This answer's script nonce: a rendered page's inline scripts carry it, and the CSP allows only those. */
    cspNonce: string;
  }
}

/** Where the nonce travels from the request's hook to helmet's policy, which sees only Node's response. */
const NONCE = Symbol('cspNonce');
type WithNonce = ServerResponse & { [NONCE]?: string };
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origin a tile URL template loads from, as a CSP source: '{s}' subdomains become a wildcard.
 * @example tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png') // 'https://*.tile.example.org'
 */
export function tileOrigin(tileUrl: string): string {
  const origin = /^https?:\/\/[^/]+/.exec(tileUrl)?.[0] ?? '';
  return origin.replace(/\{[a-z]+\}/g, '*');
}

/**
 * Whether an address is an embed's, the only pages other sites may frame (ADR 0043). Judged on the
 * path as the page renderer resolves it, so no `..` can lend another page an embed's headers.
 */
export const isEmbedPage = (url: string) => new URL(url, 'http://portal.invalid').pathname.startsWith(EMBED_PREFIX);

/**
 * Security headers with a Content-Security-Policy that the built pages satisfy (no inline script
 * but those carrying the answer's nonce: the data a rendered page hydrates from),
 * and a refusal of state-changing requests sent by pages of other sites. Images come from the
 * portal itself (layers arrive as data: URLs) and the configured tile server.
 */
export function registerSecurity(
  app: FastifyInstance,
  { publicUrl, tileUrl }: { publicUrl: string; tileUrl: string },
): void {
  // Built once: @fastify/helmet would build this middleware again, CSP included, on every request.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_request, response) => `'nonce-${(response as WithNonce)[NONCE]}'`],
        // react-bootstrap and the map set element styles from script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(tileUrl)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: [(request) => (isEmbedPage(request.url ?? '/') ? '*' : "'none'")],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  const publicOrigin = new URL(publicUrl).origin;
  app.decorateReply('cspNonce', '');
  app.addHook('onRequest', (request, reply, done) => {
    reply.cspNonce = randomBytes(16).toString('base64');
    (reply.raw as WithNonce)[NONCE] = reply.cspNonce;
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error) return done(error as Error);
      if (isEmbedPage(request.url)) {
        // Framed by any site, and shown by one whose own policy asks that what it embeds allow it.
        reply.raw.removeHeader('X-Frame-Options');
        reply.raw.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      }
      if (!SAFE_METHODS.has(request.method) && isCrossSite(request, publicOrigin)) {
        return done(new AppError('CROSS_SITE_REQUEST', 'auth.crossSite'));
      }
      done();
    });
  });
}

/**
 * Whether a browser says the request comes from another site. Browsers send Sec-Fetch-Site and
 * Origin with every POST; scripts and tools without them are not browsers acting for a visitor,
 * so nothing of a visitor's (their cookie) can be abused by them. SameSite=Lax covers old browsers.
 */
function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}
