import { MESSAGES } from '@tokenly/contract/messages';
import type { RateLimit } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { countAttempt, forgetAttempts, readAttempts } from '../../plugins/rate-limit-repository';

/** Failed sign-ins allowed in a window: per client and address, per client, per address from everyone. */
export type SignInLimits = { clientAndAccount: RateLimit; client: RateLimit; account: RateLimit };

/** Who is signing in: the client's address, and whether its browser has signed in to this account before. */
export type SignInClient = { ip: string; trusted: boolean };

/** Failures counted per key in the database, so every server process shares them. */
function failureCounter(db: Database, clock: Clock, limit: RateLimit) {
  return {
    /** The failures of `key` in its running window, and the milliseconds until that window ends. */
    async read(key: string) {
      const found = await readAttempts(db, [key], limit.windowMs, nowOf(clock));
      const { hits, ttl } = found.get(key) ?? { hits: 0, ttl: 0 };
      return { hits, ttl, exhausted: hits >= limit.max };
    },
    count: (key: string) => countAttempt(db, key, limit.windowMs, nowOf(clock)),
    forget: (key: string) => forgetAttempts(db, key),
  };
}

const tooMany = (ttlMs: number) =>
  new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyAttempts, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
  });

/**
 * OWASP's sign-in throttling, which an outsider cannot turn against the account's owner:
 * - only failures count (a correct password never does, and ends that client's own run of typos);
 * - a client that keeps failing on one address pauses (guessing), and so does one failing across many
 *   addresses (credential stuffing);
 * - failures on an address from every client together pause only the clients that have failed on it
 *   themselves, and never a browser that has signed in to the account before: however often strangers
 *   fail on purpose, the owner's right password still works.
 */
export function createSignInThrottle(
  db: Database,
  { limits, clock }: { limits: SignInLimits; clock: Clock },
) {
  const clientAndAccount = failureCounter(db, clock, limits.clientAndAccount);
  const client = failureCounter(db, clock, limits.client);
  const account = failureCounter(db, clock, limits.account);
  const keys = (ip: string, email: string) => ({
    clientAndAccount: `sign-in-failures|${ip}|${email}`,
    client: `sign-in-failures|${ip}`,
    account: `sign-in-failures|${email}`,
  });

  return {
    /** Throws 429, with when to try again, when this client must pause before trying `email` again. */
    async check(who: SignInClient, email: string): Promise<void> {
      const key = keys(who.ip, email);
      const [pair, ip, all] = await Promise.all([
        clientAndAccount.read(key.clientAndAccount),
        client.read(key.client),
        account.read(key.account),
      ]);
      const pauses = [
        pair.exhausted ? pair.ttl : 0,
        ip.exhausted ? ip.ttl : 0,
        all.exhausted && pair.hits > 0 && !who.trusted ? all.ttl : 0,
      ];
      const longest = Math.max(...pauses);
      if (longest > 0) throw tooMany(longest);
    },

    async failed(who: SignInClient, email: string): Promise<void> {
      const key = keys(who.ip, email);
      await clientAndAccount.count(key.clientAndAccount);
      await client.count(key.client);
      await account.count(key.account);
    },

    succeeded: (who: SignInClient, email: string) =>
      clientAndAccount.forget(keys(who.ip, email).clientAndAccount),

    /**
     * Guesses of the current password in Settings, per account whichever client makes them: a stolen
     * session must not be able to try it at leisure. Only wrong guesses count.
     */
    currentPassword: {
      async check(userId: number): Promise<void> {
        const found = await clientAndAccount.read(`current-password-failures|${userId}`);
        if (found.exhausted) throw tooMany(found.ttl);
      },
      failed: (userId: number) => clientAndAccount.count(`current-password-failures|${userId}`),
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
