import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../app';

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
      imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
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
 * about 4 % of a booking's server CPU (issue 15).
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

export async function registerSecurityHeaders(app: App): Promise<void> {
  const headers = { ...helmetHeaders(HELMET_OPTIONS), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // `protocol` is the socket's, or X-Forwarded-Proto's when TRUST_PROXY trusts the proxy.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
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
