import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { EndpointName } from '@tokenly/contract/endpoints';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { App } from '../app-type';
import { type Clock, nowOf } from '../lib/clock';
import { endpoint } from '../lib/endpoint';

/** How long another process's write may stay unseen: the answers are kept for one window of the clock. */
export const RESPONSE_CACHE_WINDOW_MS = 5000;
// Below this an answer is sent as it is: compressing would cost more than it saves.
const COMPRESS_FROM_BYTES = 1024;
// A request waits this long for the same answer being read by another, then reads it itself.
const READ_WAIT_MS = 2000;
// What the answers may hold in memory together (their JSON and gzip), whatever callers ask for.
const MAX_BYTES = 64 * 1024 * 1024;

const gzipped = promisify(gzip);

type Entry = { json: Buffer; gzip: Buffer | undefined };

/** A family's place within the window, the same in every process: FNV-1a of its characters. */
function offsetOf(family: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < family.length; i += 1) hash = Math.imul(hash ^ family.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % RESPONSE_CACHE_WINDOW_MS;
}

export type Memo = <T>(key: string, read: () => Promise<T>) => Promise<T>;

/** A call's route as Fastify names it (`request.routeOptions.url`): the API's prefix and its path. */
const routeOf = (name: EndpointName) => `/api${endpoint(name).url}`;

/** For a service used outside the app (a test driving it directly): nothing kept. */
export const readEveryTime: Memo = (_key, read) => read();

/**
 * The reads that every visitor makes alike and that cost the most to answer (the calendar's
 * weeks, the admin lists' deep pages) are answered from memory, written once per window: the JSON as
 * the route serialised it and, when large, gzipped once, so neither the database, the serialiser nor
 * zlib work per request. An answer is the same for every caller of the route (public, or the same for
 * every administrator) and the route's guards still run before it is looked up.
 *
 * No answer is older than the last write made through this process's API: a request that is not a GET
 * or HEAD and succeeds starts a new generation before its answer leaves, so whoever wrote sees it on the
 * next read. What the API of this process did not write (another process, a job, the passing of time as
 * a class starts) is seen from the next window, at most RESPONSE_CACHE_WINDOW_MS later by the app's
 * clock. So it pays between writes: a school's browsing, not a burst of bookings (docs/decisions/018).
 */
export function createResponseCache(app: App, clock: Clock) {
  let generation = 0;
  const entries = new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => entry.json.length + (entry.gzip?.length ?? 0),
    ttl: 2 * RESPONSE_CACHE_WINDOW_MS,
  });
  // An answer being read: the requests for the same key meanwhile wait for it rather than read it too.
  const reading = new Map<string, Promise<Entry | undefined>>();
  // The key is taken before the route reads anything, so an answer read across a write is kept under the
  // generation before it, which the write has already ended. `done` is set for the request that reads
  // for the others.
  const readers = new WeakMap<FastifyRequest, { key: string; done?: (entry: Entry | undefined) => void }>();

  app.addHook('onSend', async (request, reply) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    // A refused write (4xx, 5xx) rolled back: nothing it could have changed is worth reading again.
    if (write && reply.statusCode < 400) generation += 1;
  });

  /**
   * What a key reads now: kept for this generation and window of the clock. Each family's windows start
   * at an offset of their own, so the answers of every route are not all read again in the same instant,
   * every caller of a busy list waiting behind the database at once (the admin list's p99). A
   * route's answers and the values they share (memoFor) are one family: its pages are read again
   * together, from the same order and total.
   */
  const versioned = (key: string, family: string) => {
    const window = Math.floor((nowOf(clock).getTime() + offsetOf(family)) / RESPONSE_CACHE_WINDOW_MS);
    return `${generation}:${window}:${key}`;
  };

  /** The answer in the encoding the caller accepts, with the headers that say so. */
  function encoded(request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer {
    reply.header('vary', 'accept-encoding');
    if (entry.gzip && negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip') {
      reply.header('content-encoding', 'gzip');
      return entry.gzip;
    }
    return entry.json;
  }

  /** The answer another request is reading for `key`, awaited for no longer than a read should take. */
  async function awaitReading(key: string): Promise<Entry | undefined> {
    const pending = reading.get(key);
    if (!pending) return undefined;
    const gaveUp = new AbortController();
    try {
      return await Promise.race([pending, delay(READ_WAIT_MS, undefined, { signal: gaveUp.signal })]);
    } finally {
      gaveUp.abort();
    }
  }

  /**
   * A memo of at most `max` values, each read once per generation and window of `family` (the key's own
   * when none is given).
   */
  function memoKeeping(max: number, family?: string): Memo {
    const values = new LRUCache<string, Promise<unknown>>({ max, ttl: 2 * RESPONSE_CACHE_WINDOW_MS });
    return <T>(key: string, read: () => Promise<T>): Promise<T> => {
      const at = versioned(key, family ?? key);
      const known = values.get(at) as Promise<T> | undefined;
      if (known) return known;
      const value = read();
      values.set(at, value);
      value.catch(() => values.delete(at));
      return value;
    };
  }

  /**
   * Values the answers of the call `name` share, read once per generation and window with those answers:
   * the order and total of a list, which every one of its pages shows. Reads at once share the one read.
   * A hundred values a call (an order holds a list's every id; the filters an administrator tries
   * within two windows are far fewer).
   */
  const memoFor = (name: EndpointName) => memoKeeping(100, routeOf(name));

  /**
   * The sessions reads are made with (plugins/auth.ts), on the same terms: one per signed-in visitor of
   * the window, so a school's busiest hour of browsing fits.
   */
  const sessions = memoKeeping(20_000);

  /** Values every page reads alike (what the school published, for each page's head), on the same terms. */
  const shared = memoKeeping(10);

  /** Hooks for a route whose 200 answers are cached (spread into its options after its guards). */
  const hooks = {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      // The validated query, not the URL as typed: the same question in another order is the same answer.
      const route = request.routeOptions.url ?? '';
      const key = versioned(`${route}?${JSON.stringify(request.query)}`, route);
      const entry = entries.get(key) ?? (await awaitReading(key).catch(() => undefined));
      if (entry) return reply.type('application/json; charset=utf-8').send(encoded(request, reply, entry));
      if (reading.has(key)) {
        readers.set(request, { key });
        return;
      }
      let settle: (entry: Entry | undefined) => void = () => {};
      const pending = new Promise<Entry | undefined>((resolve) => {
        settle = resolve;
      });
      reading.set(key, pending);
      readers.set(request, {
        key,
        done: (read) => {
          if (reading.get(key) === pending) reading.delete(key);
          settle(read);
        },
      });
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const reader = readers.get(request);
      if (!reader) return payload;
      readers.delete(request);
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        reader.done?.(undefined);
        return payload;
      }
      const json = Buffer.from(payload);
      const entry = { json, gzip: json.length >= COMPRESS_FROM_BYTES ? await gzipped(json) : undefined };
      entries.set(reader.key, entry);
      if (reader.done) reader.done(entry);
      // A request that gave up waiting stored the answer: the reader it waited for may never finish.
      else reading.delete(reader.key);
      return encoded(request, reply, entry);
    },
  };
  return { memoFor, sessions, shared, hooks };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
