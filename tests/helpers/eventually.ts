/**
 * Reading something that settles a little later: a page after a change made behind the app's
 * back (the catalogue cache hears of it through a notification, which PostgreSQL delivers
 * asynchronously), or a process that is still starting. Reads again until `settled` holds or
 * `timeoutMs` passes, and returns the last answer for the test's own assertions.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  settled: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (settled(value) || Date.now() >= deadline) return value;
    // eslint-disable-next-line no-restricted-syntax -- the poll interval of the one waiting helper
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The same patience for `expect.poll` (`await expect.poll(read, SETTLES).toBe(x)`), so every test
 * waiting on a notification waits alike.
 */
export const SETTLES = { timeout: 5_000, interval: 50 };
