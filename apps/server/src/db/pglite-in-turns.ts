import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';

/**
 * How long PGlite may run calls back to back before the event loop gets a turn. Short enough that a
 * burst of new connections, accepted one per turn, is in within a few bookings' time (64 at once took
 * up to 0.6 s at 20 ms a slice, 89 ms at most in three runs at 5 ms); long enough to keep runs of calls
 * together (a turn before every call cost about a third more CPU per booking under load, decision 017).
 */
const SLICE_MS = 5;

/**
 * PGlite that gives the event loop a turn between calls once it has run for SLICE_MS.
 *
 * PGlite's WebAssembly runs on the server's thread and its calls resolve without giving the event loop
 * a turn, so every request waiting for the database ran to its end before the loop polled its sockets
 * again: under 64 connections one turn took 0.2 to 2 s. libuv accepts one connection per turn (since
 * libuv 1.45), so a connection opened while the server was busy waited seconds to be accepted and read,
 * while the connections already in were served (decision 017).
 *
 * The wait is taken inside PGlite's own FIFO mutex (every query, exec and transaction holds it), so calls
 * still run one at a time in the order they came; a call that resumes in a check phase puts the next
 * wait in the following turn. Inside a transaction nothing waits: it holds the mutex throughout, so
 * other requests could not run anyway.
 */
export class PGliteInTurns extends PGlite {
  #sliceStarted = performance.now();

  override _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T> {
    return super._runExclusiveTransaction(async () => {
      if (performance.now() - this.#sliceStarted > SLICE_MS) {
        await nextTurn();
        this.#sliceStarted = performance.now();
      }
      return run();
    });
  }
}
