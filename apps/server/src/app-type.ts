import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobQueue } from './jobs/job-queue';

// What routes and plugins share with app.ts, apart from it: app.ts imports them all, so a type they
// took from app.ts would close an import cycle.

/** The app as routes and plugins see it: Fastify with zod's type provider. */
export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Started when the app is ready, stopped when it closes. */
    jobs: JobQueue;
  }
}

/** A module's calls: registered under /api, in the order app.ts lists the modules. */
export type ModuleRoutes = (api: App) => Promise<void>;
