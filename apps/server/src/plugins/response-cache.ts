import { setTimeout as delay } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { App } from '../app';
import { type Clock, nowOf } from '../lib/clock';

/** How long another process's write may stay unseen: the answers are kept for one window of the clock. */
export const RESPONSE_CACHE_WINDOW_MS = 5000;
// Below this an answer is sent as it is: compressing would cost more than it saves.
const COMPRESS_FROM_BYTES = 1024;
// A request waits this long for the same answer being read by another, then reads it itself.
const READ_WAIT_MS = 2000;

type Entry = { json: Buffer; gzip: Buffer | undefined };

export type Memo = <T>(key: string, read: () => Promise<T>) => Promise<T>;

/** For a service used outside the app (a test driving it directly): nothing kept. */
export const readEveryTime: Memo = (_key, read) => read();

/**
 * Issue 15: the reads that every visitor makes alike and that cost the most to answer (the calendar's
 * weeks, the admin lists' deep pages) are answered from memory, written once per window: the JSON as
 * the route serialised it and, when large, gzipped once, so neither the database, the serialiser nor
 * zlib work per request. An answer is the same for every caller of the route (public, or the same for
 * every administrator) and the route's guards still run before it is looked up.
 *
 * It is never older than this process's last write: any request that is not a GET or HEAD starts a
 * new generation before its answer leaves, so whoever wrote sees it on the next read. A write by another
 * process (or a job, or the passing of time, as a class starting) is seen from the next window, at most
 * RESPONSE_CACHE_WINDOW_MS later by the app's clock (docs/decisions/018).
 */
export function createResponseCache(app: App, clock: Clock) {
  let generation = 0;
  const entries = new LRUCache<string, Entry>({ max: 500, ttl: 2 * RESPONSE_CACHE_WINDOW_MS });
  const values = new LRUCache<string, Promise<unknown>>({ max: 500, ttl: 2 * RESPONSE_CACHE_WINDOW_MS });
  // An answer being read: the requests for the same key meanwhile wait for it rather than read it too.
  const reading = new Map<string, Promise<Entry | undefined>>();
  // The key is taken before the route reads anything, so an answer read across a write is kept under the
  // generation before it, which the write has already ended.
  const readers = new WeakMap<FastifyRequest, { key: string; done: (entry: Entry | undefined) => void }>();

  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') generation += 1;
  });

  /** The answer in the encoding the caller accepts, with the headers that say so. */
  function encoded(request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer {
    reply.header('vary', 'accept-encoding');
    if (entry.gzip && negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip') {
      reply.header('content-encoding', 'gzip');
      return entry.gzip;
    }
    return entry.json;
  }

  /** An answer being read for `key`, awaited for no longer than a read should take. */
  function awaitReading(key: string): Promise<Entry | undefined> | undefined {
    const pending = reading.get(key);
    return pending && Promise.race([pending, delay(READ_WAIT_MS, undefined, { ref: false })]);
  }

  /** What a key reads now: kept for this generation and window of the clock. */
  const versioned = (key: string) =>
    `${generation}:${Math.floor(nowOf(clock).getTime() / RESPONSE_CACHE_WINDOW_MS)}:${key}`;

  /**
   * A value many answers share, read once per generation and window on the same terms as the answers:
   * the total of a list, which every one of its pages shows. Reads at once share the one read.
   */
  const memo: Memo = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const at = versioned(key);
    const known = values.get(at) as Promise<T> | undefined;
    if (known) return known;
    const value = read();
    values.set(at, value);
    value.catch(() => values.delete(at));
    return value;
  };

  /** Hooks for a route whose 200 answers are cached (spread into its options after its guards). */
  const hooks = {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const key = versioned(request.url);
      const entry = entries.get(key) ?? (await awaitReading(key));
      if (entry) return reply.type('application/json; charset=utf-8').send(encoded(request, reply, entry));
      let done: (entry: Entry | undefined) => void = () => {};
      if (!reading.has(key)) reading.set(key, new Promise((resolve) => (done = resolve)));
      readers.set(request, {
        key,
        done: (read) => {
          reading.delete(key);
          done(read);
        },
      });
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const reader = readers.get(request);
      if (!reader) return payload;
      readers.delete(request);
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        reader.done(undefined);
        return payload;
      }
      const json = Buffer.from(payload);
      const entry = { json, gzip: json.length >= COMPRESS_FROM_BYTES ? gzipSync(json) : undefined };
      entries.set(reader.key, entry);
      reader.done(entry);
      return encoded(request, reply, entry);
    },
  };
  return { memo, hooks };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
