import helmet from '@fastify/helmet';
import type { App } from '../app';

export async function registerSecurityHeaders(app: App): Promise<void> {
  await app.register(helmet, {
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
  });
}
