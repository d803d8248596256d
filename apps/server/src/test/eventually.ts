/**
 * Waits, in real time, until `check` holds, for what another process, connection or timer does in its
 * own time: the test waits for the condition itself, never for a guessed duration.
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 15_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
