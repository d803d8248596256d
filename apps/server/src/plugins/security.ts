import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../app-type';

/** Helmet's own value: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Every powerful feature the site does not use is off, for it and anything it frames. Payment (the
 * Payment Request API) is left to Stripe's frames alone, which the card form embeds.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=("https://js.stripe.com")',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    // Helmet's defaults (self only, no inline scripts) fit a Vite build; Stripe.js needs its own
    // script, frames and API host for the card field (DESIGN.md section 6).
    directives: {
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      // The school's pictures (teachers' photos, the hero, covers, pictures in its Markdown) are https
      // addresses it gives, on hosts of its choosing; plain http never loads.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // The site is served over plain http on localhost and LAN addresses; upgrading would break it.
      upgradeInsecureRequests: null,
    },
  },
  // RFC 6797 section 7.2: a host must not send it over plain HTTP; the hook below sends it over HTTPS.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets for these options, worked out once: none depends on the request.
 * @fastify/helmet built helmet's middleware again for every request, parsing the policy each time,
 * about 4 % of a booking's server CPU.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor reached the site over HTTPS (see cameOverHttps): HSTS and the session cookie's Secure. */
    readonly overHttps: boolean;
  }
}

/**
 * TLS on the socket, or with TRUST_PROXY a proxy's X-Forwarded-Proto naming https at any hop. Fastify's
 * `protocol` reads only the last entry, as written: a chain of proxies ("https, http") or one writing
 * "HTTPS" read as http, and the session cookie lost its Secure flag. Erring towards https only adds
 * Secure and HSTS, never exposes anything, so any trusted entry saying https counts.
 */
export function cameOverHttps(request: FastifyRequest, trustProxy: boolean): boolean {
  if (request.protocol === 'https') return true;
  if (!trustProxy) return false;
  return [request.headers['x-forwarded-proto']]
    .flat()
    .join(',')
    .split(',')
    .some((proto) => proto.trim().toLowerCase() === 'https');
}

export async function registerSecurityHeaders(
  app: App,
  { trustProxy }: { trustProxy: boolean },
): Promise<void> {
  const headers = { ...helmetHeaders(HELMET_OPTIONS), 'permissions-policy': PERMISSIONS_POLICY };
  app.decorateRequest('overHttps', {
    getter(this: FastifyRequest) {
      return cameOverHttps(this, trustProxy);
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.overHttps) reply.header('strict-transport-security', HSTS);
  });
}

/**
 * For the API's scope: no answer of the API may be kept by a browser or a shared cache. Most carry a
 * session token or a person's data, and the rest (seats, prices) are live; one rule for every call means
 * a new call cannot be forgotten.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}
