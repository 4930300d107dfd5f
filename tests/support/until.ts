/**
 * Waits for a condition, never for a fixed time: polls `probe` (which may be async) until it
 * gives a value other than undefined or false, and returns that value; fails with `what` after
 * `timeoutMs`, which is generous because the tests share a busy machine.
 */
export async function until<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
