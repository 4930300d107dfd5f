/** The import tries again what is safe to try again, and says how many tries it made. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readImportConfig } from '../../../import/config';
import { backoffMs, retryable, retryAfterMs, withRetries } from '../../../import/retry';
import { runImport } from '../../../import/run';
import { HttpError, statusError } from '../../../src/lib/http/errors';
import { startSandbox, type Sandbox } from '../../../sandbox/server';
import { sandboxImportEnv } from '../../../sandbox/import-env';

let sandbox: Sandbox;
let work: string;
let contentDir: string;
const waits: number[] = [];
const sleep = (ms: number) => {
  waits.push(ms);
  return Promise.resolve();
};
const config = () =>
  readImportConfig({
    ...sandboxImportEnv(sandbox.url),
    IMPORT_TIMEOUT_MS: '2000',
  });
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
const calls = (api: string) => sandbox.requests.filter((request) => request.api === api).map((request) => request.status);

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: 'content' });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  waits.length = 0;
  work = mkdtempSync(join(tmpdir(), 'kaia-retry-'));
  contentDir = join(work, 'content');
  cpSync('content', contentDir, { recursive: true });
});
afterEach(() => {
  sandbox.reset();
  rmSync(work, { recursive: true, force: true });
});

describe('retrying downloads against the sandbox', { timeout: 60_000 }, () => {
  it('gets through one server error', async () => {
    sandbox.setFault('management', { kind: 'status', status: 503, times: 1 });
    await runImport({ config: config(), contentDir, sleep });
    expect(calls('management')).toEqual([503, 200, 200]);
    expect(waits).toHaveLength(1);
  });

  it('gets through dropped connections', async () => {
    sandbox.setFault('platform', { kind: 'drop', times: 2 });
    await runImport({ config: config(), contentDir, sleep });
    expect(calls('platform')).toEqual([0, 0, 200, 200]);
    expect(waits).toHaveLength(2);
  });

  it('waits as long as a 429 asks before trying again', async () => {
    sandbox.setFault('runtime', { kind: 'status', status: 429, retryAfter: '7', times: 1 });
    await runImport({ config: config(), contentDir, sleep });
    expect(calls('runtime')).toEqual([429, 200]);
    expect(waits).toEqual([7000]);
  });

  it('gives up after four tries, says so, and leaves content/ as it was', async () => {
    const before = snapshot(contentDir);
    sandbox.setFault('platform', { kind: 'status', status: 500 });
    await expect(runImport({ config: config(), contentDir, sleep })).rejects.toThrow(
      /^Fetching sites \(platform API\) failed after 4 tries: Request failed with status code 500 \(/,
    );
    expect(calls('platform')).toEqual([500, 500, 500, 500]);
    expect(waits).toHaveLength(3);
    expect(snapshot(contentDir)).toEqual(before);
  });

  it('never retries a 404 or a 400', async () => {
    sandbox.setFault('platform', { kind: 'status', status: 404 });
    await expect(runImport({ config: config(), contentDir, sleep })).rejects.toThrow(
      /^Fetching sites \(platform API\) failed: Request failed with status code 404/,
    );
    expect(calls('platform')).toEqual([404]);
    sandbox.reset();
    sandbox.setFault('management', { kind: 'status', status: 400 });
    await expect(runImport({ config: config(), contentDir, sleep })).rejects.toThrow(/failed: Request failed with status code 400/);
    expect(calls('management')).toEqual([400]);
    expect(waits).toEqual([]);
  });
});

describe('the retry policy', () => {
  const policy = { tries: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

  it('backs off exponentially with jitter over the upper half, capped', () => {
    expect([1, 2, 3].map((n) => backoffMs(policy, n, () => 0))).toEqual([250, 500, 1000]);
    expect([1, 2, 3].map((n) => backoffMs(policy, n, () => 1))).toEqual([500, 1000, 2000]);
    expect(backoffMs(policy, 20, () => 1)).toBe(30_000);
  });

  it('retries 5xx, 429, network errors and time-outs only', () => {
    const status = (code: number) => statusError('http://x/', code, null);
    expect([500, 502, 503, 429].map((code) => retryable(status(code)).retry)).toEqual([true, true, true, true]);
    expect([400, 401, 403, 404, 409, 422].map((code) => retryable(status(code)).retry)).toEqual([false, false, false, false, false, false]);
    expect(retryable(new HttpError('Network Error', 'network', 'http://x/')).retry).toBe(true);
    expect(retryable(new HttpError('timeout', 'timeout', 'http://x/')).retry).toBe(true);
    expect(retryable(new HttpError('Malformed JSON in response', 'parse', 'http://x/')).retry).toBe(false);
    expect(retryable(new Error('a bug')).retry).toBe(false);
  });

  it('reads Retry-After as seconds or a date, and does not wait beyond the cap', async () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(retryAfterMs(statusError('http://x/', 429, null, '3'), now)).toBe(3000);
    expect(retryAfterMs(statusError('http://x/', 429, null, 'Mon, 23 Nov 2026 10:00:10 GMT'), now)).toBe(10_000);
    expect(retryAfterMs(statusError('http://x/', 429, null, 'soon'), now)).toBeUndefined();
    let tries = 0;
    const error = await withRetries(
      () => {
        tries += 1;
        return Promise.reject(statusError('http://x/', 429, null, '3600'));
      },
      policy,
      { sleep },
    ).catch((reason: unknown) => reason as { tries: number });
    expect(tries).toBe(1);
    expect(error.tries).toBe(1);
  });
});
