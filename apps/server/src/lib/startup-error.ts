/** A problem the operator must fix (bad environment, busy port or data directory): printed without a stack. */
export class StartupError extends Error {}

/** Runs an entry point; a StartupError ends the process with its message and exit code 1. */
export async function runEntryPoint(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
