export const step = (message: string) => console.log(`· ${message}`);

export async function timed<T>(message: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  step(`${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}
