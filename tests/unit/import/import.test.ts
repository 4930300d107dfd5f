/**
 * The import against the platform sandbox over real HTTP: it reproduces the committed content,
 * byte for byte and deterministically; it authenticates each API the way the platform wants;
 * and every way a service can fail stops it with a clear message, leaving content/ untouched.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxImportEnv } from '../../../sandbox/import-env';
import { ConfigError, readImportConfig, type ImportConfig } from '../../../import/config';
import { runImport } from '../../../import/run';
import { clientCredentials, createHttpClient, HttpError } from '../../../src/lib/http';
import { loadDataset, startSandbox, type Dataset, type Fault, type Sandbox } from '../../../sandbox/server';

const committed = 'content';
let sandbox: Sandbox;
let work: string;
let contentDir: string;

const settings = (url: string, overrides: Record<string, string> = {}) => ({
  ...sandboxImportEnv(url),
  IMPORT_TIMEOUT_MS: '2000',
  IMPORT_RETRY_DELAY_MS: '5',
  ...overrides,
});
const config = (overrides: Record<string, string> = {}): ImportConfig => readImportConfig(settings(sandbox.url, overrides));

/** Every file of a directory with its bytes, to compare before and after. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: committed });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'kaia-import-'));
  contentDir = join(work, 'content');
  cpSync(committed, contentDir, { recursive: true });
});
afterEach(() => {
  sandbox.reset();
  rmSync(work, { recursive: true, force: true });
});

describe('importing the demo dataset', () => {
  it('reproduces the committed content/ byte for byte', async () => {
    for (const file of ['articles.json', 'block-data.json', 'events.json', 'productions.json', 'site.json']) writeFileSync(join(contentDir, file), '[]\n');
    const result = await runImport({ config: config(), contentDir });
    expect(result.written.sort()).toEqual(['articles.json', 'block-data.json', 'events.json', 'productions.json', 'site.json']);
    expect(snapshot(contentDir)).toEqual(snapshot(committed));
    expect(readdirSync(work)).toEqual(['content']);
  });

  it('changes nothing when nothing changed, and reports it', async () => {
    const result = await runImport({ config: config(), contentDir });
    expect(result.written).toEqual([]);
    expect(result.changes.every((change) => change.added.length + change.changed.length + change.removed.length === 0)).toBe(true);
  });

  it('writes the same bytes whatever order the API sends records and keys in', async () => {
    const shuffled = await startSandbox({ dataset: reversed(loadDataset(committed)) });
    try {
      await runImport({ config: readImportConfig(settings(shuffled.url)), contentDir });
    } finally {
      await shuffled.close();
    }
    expect(snapshot(contentDir)).toEqual(snapshot(committed));
  });

  it('reports what was added, changed and removed', async () => {
    const dataset = loadDataset(committed);
    const articles = dataset.articles as { id: string; title: string }[];
    articles[0] = { ...articles[0]!, title: 'Ny tittel' };
    articles.splice(1, 1);
    articles.push({ ...articles[2]!, id: 'art-new', slug: 'heilt-ny' } as never);
    const changed = await startSandbox({ dataset });
    try {
      const result = await runImport({ config: readImportConfig(settings(changed.url)), contentDir });
      const summary = result.changes.find((change) => change.collection === 'articles')!;
      expect(summary.added).toEqual(['art-new']);
      expect(summary.changed).toEqual([articles[0].id]);
      expect(summary.removed).toHaveLength(1);
    } finally {
      await changed.close();
    }
  });

  it('sanitises editorial HTML on the way in', async () => {
    const dataset = loadDataset(committed);
    const article = (dataset.articles as { content: string }[])[0]!;
    article.content = '<p onclick="steal()">Hei<script>alert(1)</script> <a href="javascript:alert(1)">lenke</a></p>';
    const hostile = await startSandbox({ dataset });
    try {
      await runImport({ config: readImportConfig(settings(hostile.url)), contentDir });
    } finally {
      await hostile.close();
    }
    const written = JSON.parse(readFileSync(join(contentDir, 'articles.json'), 'utf8')) as { content: string }[];
    expect(written.map((a) => a.content)).toContain('<p>Hei <a>lenke</a></p>');
  });

  it('removes embeds the site cannot show, warning with the record, and rewrites the players it keeps', async () => {
    const dataset = loadDataset(committed);
    const article = (dataset.articles as { id: string; content: string }[])[0]!;
    article.content =
      '<p>Sjå</p><iframe src="https://www.youtube.com/embed/kaiaStudio1" title="Film"></iframe>' +
      '<iframe src="https://www.google.com/maps/embed?pb=1"></iframe><img src="https://cdn.example/a.jpg" alt="">' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt=""><video src="https://cdn.example/a.mp4"></video>';
    const hostile = await startSandbox({ dataset });
    const lines: string[] = [];
    let result;
    try {
      result = await runImport({ config: readImportConfig(settings(hostile.url)), contentDir, progress: (line) => lines.push(line) });
    } finally {
      await hostile.close();
    }
    const written = JSON.parse(readFileSync(join(contentDir, 'articles.json'), 'utf8')) as { id: string; content: string }[];
    expect(written.find((a) => a.id === article.id)?.content).toBe(
      '<p>Sjå</p><iframe src="https://www.youtube-nocookie.com/embed/kaiaStudio1" title="Film"></iframe>',
    );
    const record = `articles: record "${article.id}": `;
    expect(result.warnings).toEqual([
      `${record}removed a frame from https://www.google.com/maps/embed?pb=1: only YouTube and Vimeo players are kept`,
      `${record}removed an image from https://cdn.example/a.jpg: images must be uploaded to the CMS (the site shows only its own)`,
      `${record}removed an image from data:image/png;base64,iVBORw0KGgo=: images must be uploaded to the CMS (the site shows only its own)`,
      `${record}removed <video>: the site embeds only YouTube and Vimeo players and its own images`,
    ]);
    for (const warning of result.warnings) expect(lines).toContain(`Warning: ${warning}`);
  });

  it('imports the committed content without a warning', async () => {
    const result = await runImport({ config: config(), contentDir });
    expect(result.warnings).toEqual([]);
  });
});

describe('authentication against the sandbox', () => {
  it('calls the box office (the runtime API) with no credentials, the platform with Basic, the management API with a bearer token', async () => {
    await runImport({ config: config(), contentDir });
    const auth = Object.fromEntries(sandbox.requests.map((request) => [request.api, request.auth]));
    expect(auth).toEqual({ idp: 'none', management: 'bearer', runtime: 'none', platform: 'basic' });
    expect(sandbox.requests.filter((request) => request.api === 'idp')).toHaveLength(1);
  });

  it('refreshes an expired token and retries exactly once', async () => {
    const tokens = clientCredentials({ tokenUrl: `${sandbox.url}/idp/token`, clientId: 'kaia-import', clientSecret: 'sandbox-secret' });
    const management = createHttpClient({ baseURL: `${sandbox.url}/management/`, auth: { type: 'bearer', tokens } });
    const articles = () => management.request<unknown[]>('site/:siteId/article', { params: { siteId: 'kaia' }, query: { stable: 1 } });
    await articles();
    sandbox.revokeTokens();
    expect(await articles()).toHaveLength(loadDataset(committed).articles.length);
    expect(sandbox.requests.map((r) => `${r.api} ${r.status}`)).toEqual(['idp 200', 'management 200', 'management 401', 'idp 200', 'management 200']);
  });

  it('fails cleanly when the retried call is refused again', async () => {
    const tokens = clientCredentials({ tokenUrl: `${sandbox.url}/idp/token`, clientId: 'kaia-import', clientSecret: 'sandbox-secret' });
    const management = createHttpClient({ baseURL: `${sandbox.url}/management/`, auth: { type: 'bearer', tokens } });
    sandbox.setFault('management', { kind: 'status', status: 401 });
    const error = await management.request('site/kaia/article', { query: { stable: 1 } }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Request failed with status code 401');
    expect(sandbox.requests.filter((r) => r.api === 'management')).toHaveLength(2);
  });

  it('stops on wrong Basic credentials or a wrong client secret, and never prints a secret', async () => {
    const before = snapshot(contentDir);
    await expect(runImport({ config: config({ PLATFORM_API_PASSWORD: 'wrong-password-123' }), contentDir })).rejects.toThrow(
      /^Fetching sites \(platform API\) failed: Request failed with status code 401 \(http:\/\/127\.0\.0\.1:\d+\/platform\/sites\)$/,
    );
    const error = await runImport({ config: config({ IDP_CLIENT_SECRET: 'wrong-secret-456' }), contentDir }).catch((reason: Error) => reason);
    expect(error instanceof Error ? error.message : error).toMatch(/articles \(management API\) failed: Request failed with status code 401/);
    expect(error instanceof Error ? error.message : error).not.toMatch(/wrong-secret-456|sandbox-secret/);
    expect(snapshot(contentDir)).toEqual(before);
  });
});

describe('failures leave content/ exactly as it was', () => {
  const cases: [string, 'management' | 'runtime' | 'platform' | 'idp', Fault, RegExp][] = [
    ['a server error', 'management', { kind: 'status', status: 500 }, /articles \(management API\) failed after 4 tries: Request failed with status code 500/],
    [
      'a 401 from the identity provider',
      'idp',
      { kind: 'status', status: 401 },
      /articles \(management API\) failed: Request failed with status code 401 \(.*\/idp\/token\)/,
    ],
    ['a slow answer', 'runtime', { kind: 'slow', delayMs: 1500 }, /events \(runtime API basic_events\) failed after 4 tries: timeout of 300ms exceeded/],
    ['malformed JSON', 'platform', { kind: 'malformed-json' }, /sites \(platform API\) failed: Malformed JSON in response/],
    [
      'a record that breaks the schema',
      'management',
      { kind: 'bad-record' },
      /^articles: record "art-[0-9a-f]+" \(number 1\): field title: Expected string, received null$/,
    ],
    ['a broken event', 'runtime', { kind: 'bad-record' }, /^events: record "ev-\d+" \(number 1\): field startTime: Invalid datetime$/],
    ['a dropped connection', 'platform', { kind: 'drop' }, /sites \(platform API\) failed after 4 tries: Network Error/],
  ];

  it.each(cases)('%s', async (_, api, fault, message) => {
    const before = snapshot(contentDir);
    writeFileSync(join(contentDir, 'articles.json'), `${before['articles.json']}`); // same bytes, fresh mtime
    sandbox.setFault(api, fault);
    await expect(runImport({ config: config({ IMPORT_TIMEOUT_MS: '300' }), contentDir })).rejects.toThrow(message);
    expect(snapshot(contentDir)).toEqual(before);
    expect(readdirSync(work)).toEqual(['content']);
  });

  it('refuses an event whose production does not exist', async () => {
    const dataset = loadDataset(committed);
    (dataset.events as { production: unknown }[])[0]!.production = { pageReference: 'finst-ikkje-abcde' };
    const broken = await startSandbox({ dataset });
    const before = snapshot(contentDir);
    try {
      await expect(runImport({ config: readImportConfig(settings(broken.url)), contentDir })).rejects.toThrow(
        /^events: record "ev-\d+" \(number 1\): field production: no production with pageReference "finst-ikkje-abcde"/,
      );
    } finally {
      await broken.close();
    }
    expect(snapshot(contentDir)).toEqual(before);
  });

  it('refuses a site id the platform does not know', async () => {
    await expect(runImport({ config: config({ KAIA_SITE_ID: 'elsewhere' }), contentDir })).rejects.toThrow(/site not found|status code 404/);
  });
});

describe('settings', () => {
  it('names every missing or malformed setting, never its value', () => {
    const error = (() => {
      try {
        readImportConfig({
          ...settings('http://127.0.0.1:1'),
          MANAGEMENT_API_URL: 'not a url',
          PLATFORM_API_PASSWORD: '',
          IMPORT_TIMEOUT_MS: 'soon',
          IDP_CLIENT_SECRET: 'secret-value-789 ',
        });
      } catch (reason) {
        return reason;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('MANAGEMENT_API_URL is not a valid URL');
    expect(message).toContain('PLATFORM_API_PASSWORD is missing');
    expect(message).toContain('IMPORT_TIMEOUT_MS must be a number of milliseconds');
    expect(message).not.toContain('secret-value-789');
    expect(() => readImportConfig({})).toThrow(/KAIA_SITE_ID is missing[\s\S]*RUNTIME_SITE is missing/);
  });
});

/** The dataset with every list and every object's keys in reverse order. */
function reversed(dataset: Dataset): Dataset {
  const flip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(flip);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([k, v]) => [k, flip(v)]),
      );
    return value;
  };
  return {
    site: flip(dataset.site) as Dataset['site'],
    articles: [...dataset.articles].reverse().map(flip),
    blockData: [...dataset.blockData].reverse().map(flip),
    productions: [...dataset.productions].reverse().map(flip),
    events: [...dataset.events].reverse().map(flip),
  };
}
