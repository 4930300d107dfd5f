/**
 * The platform sandbox over real HTTP with plain fetch: the import is tested against it, so
 * its auth, its answers and every fault must behave as documented in sandbox/README.md.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../../sandbox/dataset';
import { startSandbox, type Sandbox } from '../../../sandbox/server';

const content = loadDataset();
const siteId = content.site.id;
const basic = `Basic ${Buffer.from('kaia-import:sandbox-password').toString('base64')}`;
const tokenForm = 'grant_type=client_credentials&client_id=kaia-import&client_secret=sandbox-secret';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterEach(() => sandbox.reset());

afterAll(async () => {
  await sandbox.close();
});

function requestToken(body: string, headers: Record<string, string> = form): Promise<Response> {
  return fetch(`${sandbox.url}/idp/token`, { method: 'POST', headers, body });
}

async function token(base = sandbox.url): Promise<string> {
  const response = await fetch(`${base}/idp/token`, { method: 'POST', headers: form, body: tokenForm });
  return ((await response.json()) as { access_token: string }).access_token;
}

function management(path: string, bearer?: string, base = sandbox.url): Promise<Response> {
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  return fetch(`${base}/management/site/${path}`, { headers });
}

function platform(path: string, authorization = basic): Promise<Response> {
  return fetch(`${sandbox.url}/platform/${path}`, { headers: { authorization } });
}

describe('the sandbox server', () => {
  it('listens on loopback at an ephemeral port', () => {
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
    expect(sandbox.port).toBeGreaterThan(0);
  });

  it('answers unknown paths with 404 JSON and wrong methods with 405', async () => {
    const missing = await fetch(`${sandbox.url}/nowhere`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const wrongMethod = await fetch(`${sandbox.url}/idp/token`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });
});

describe('the identity provider', () => {
  it('issues a bearer token for the right client, in the body or as Basic', async () => {
    const response = await requestToken(tokenForm);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    expect(answer['access_token']).toEqual(expect.any(String));

    const asBasic = `Basic ${Buffer.from('kaia-import:sandbox-secret').toString('base64')}`;
    const viaHeader = await requestToken('grant_type=client_credentials', { ...form, authorization: asBasic });
    expect(viaHeader.status).toBe(200);
    expect(((await viaHeader.json()) as Record<string, unknown>)['access_token']).not.toBe(answer['access_token']);
  });

  it('refuses a wrong client and a wrong grant type', async () => {
    const wrongClient = await requestToken('grant_type=client_credentials&client_id=kaia-import&client_secret=nope');
    expect(wrongClient.status).toBe(401);
    expect(await wrongClient.json()).toEqual({ error: 'invalid_client' });
    const wrongGrant = await requestToken('grant_type=password&client_id=kaia-import&client_secret=sandbox-secret');
    expect(wrongGrant.status).toBe(400);
    expect(await wrongGrant.json()).toEqual({ error: 'unsupported_grant_type' });
  });
});

describe('the management API', () => {
  it('needs a valid bearer token', async () => {
    const without = await management(`${siteId}/article?stable=1`);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(await without.json()).toEqual({ error: 'invalid_token' });
    expect((await management(`${siteId}/article?stable=1`, 'made-up')).status).toBe(401);

    const valid = await management(`${siteId}/article?stable=1`, await token());
    expect(valid.status).toBe(200);
    expect(await valid.json()).toEqual(content.articles);
  });

  it('refuses tokens issued before a revocation, and a new token works', async () => {
    const old = await token();
    sandbox.revokeTokens();
    expect((await management(`${siteId}/block-data?stable=1`, old)).status).toBe(401);
    const fresh = await management(`${siteId}/block-data?stable=1`, await token());
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toEqual(content.blockData);
  });

  it('refuses a token once its lifetime is over', async () => {
    const shortLived = await startSandbox({ dataset: content, tokenTtlSeconds: 1 });
    try {
      const bearer = await token(shortLived.url);
      expect((await management(`${siteId}/article?stable=1`, bearer, shortLived.url)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await management(`${siteId}/article?stable=1`, bearer, shortLived.url)).status).toBe(401);
    } finally {
      await shortLived.close();
    }
  });

  it('serves drafts without stable=1, refuses other values, and needs a known site', async () => {
    const bearer = await token();
    const published = (await (await management(`${siteId}/article?stable=1`, bearer)).json()) as { id: string; title: string }[];
    const drafts = (await (await management(`${siteId}/article`, bearer)).json()) as { id: string; title: string }[];
    expect(drafts.map((a) => a.id)).toEqual(published.map((a) => a.id));
    const differing = drafts.filter((draft, index) => draft.title !== published[index]!.title);
    expect(differing).toHaveLength(1);
    expect(differing[0]!.title).toMatch(/ \(utkast\)$/);
    const unstable = await management(`${siteId}/article?stable=0`, bearer);
    expect(unstable.status).toBe(400);
    expect(await unstable.json()).toEqual({ error: 'stable must be 1 or left out' });
    expect((await management('elsewhere/article?stable=1', bearer)).status).toBe(404);
  });
});

describe('the platform data API', () => {
  it('needs the right Basic credentials', async () => {
    const wrong = await platform('sites', `Basic ${Buffer.from('kaia-import:nope').toString('base64')}`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="platform"');
    expect((await fetch(`${sandbox.url}/platform/sites`)).status).toBe(401);

    const right = await platform('sites');
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual([content.site]);
  });

  it('lists the events of the site', async () => {
    expect(await (await platform(`sites/${siteId}/events`)).json()).toEqual(content.productions);
    expect((await platform('sites/elsewhere/events')).status).toBe(404);
  });
});

describe('the runtime API', () => {
  it('serves the events as basic_events without auth, for site keys like site118a', async () => {
    const response = await fetch(`${sandbox.url}/runtime/sites/site118a/basic_events`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(content.events);
    expect((await fetch(`${sandbox.url}/runtime/sites/${siteId}/basic_events`)).status).toBe(404);
  });

  it('serves events by keys, skipping unknown ones, and needs keys', async () => {
    const [first, second] = content.events as { id: string }[];
    const keys = `${second?.id},unknown-id,${first?.id}`;
    const response = await fetch(`${sandbox.url}/runtime/events?keys=${keys}&site=site118a`);
    expect(await response.json()).toEqual([first, second]);
    expect((await fetch(`${sandbox.url}/runtime/events?site=site118a`)).status).toBe(400);
  });
});

describe('faults', () => {
  it('answers an injected status, with the API challenge on 401', async () => {
    sandbox.setFault('platform', { kind: 'status', status: 500 });
    const failed = await platform('sites');
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: 'sandbox fault' });
    sandbox.setFault('platform', { kind: 'status', status: 401 });
    expect((await platform('sites')).headers.get('www-authenticate')).toBe('Basic realm="platform"');
    sandbox.setFault('platform', null);
    expect((await platform('sites')).status).toBe(200);
  });

  it('answers late but normally when slow', async () => {
    sandbox.setFault('runtime', { kind: 'slow', delayMs: 150 });
    const started = performance.now();
    const response = await fetch(`${sandbox.url}/runtime/sites/site1a/basic_events`);
    expect(response.status).toBe(200);
    await response.json();
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('cuts the JSON body in half when malformed-json', async () => {
    sandbox.setFault('runtime', { kind: 'malformed-json' });
    const response = await fetch(`${sandbox.url}/runtime/sites/site1a/basic_events`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    expect(text.length).toBe(Math.floor(JSON.stringify(content.events).length / 2));
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it('breaks the first record when bad-record, without touching the dataset', async () => {
    sandbox.setFault('all', { kind: 'bad-record' });
    const bearer = await token();
    const response = await management(`${siteId}/article?stable=1`, bearer);
    const articles = (await response.json()) as Record<string, unknown>[];
    expect(articles[0]?.['title']).toBeNull();
    expect(articles.slice(1)).toEqual(content.articles.slice(1));
    const events = (await (await fetch(`${sandbox.url}/runtime/sites/site118a/basic_events`)).json()) as Record<string, unknown>[];
    expect(events[0]?.['startTime']).toBe('not-a-time');

    sandbox.setFault('all', null);
    expect(await (await management(`${siteId}/article?stable=1`, bearer)).json()).toEqual(content.articles);
    expect((content.articles[0] as { title: unknown }).title).toEqual(expect.any(String));
  });

  it('drops the connection so fetch rejects', async () => {
    sandbox.setFault('runtime', { kind: 'drop' });
    await expect(fetch(`${sandbox.url}/runtime/sites/site1a/basic_events`)).rejects.toThrow();
  });

  it('applies a fault with times only that often', async () => {
    sandbox.setFault('platform', { kind: 'status', status: 503, times: 1 });
    expect((await platform('sites')).status).toBe(503);
    expect((await platform('sites')).status).toBe(200);
  });

  it('can be driven through the admin endpoints', async () => {
    const set = await fetch(`${sandbox.url}/__sandbox/fault`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api: 'idp', fault: { kind: 'status', status: 502, times: 1 } }),
    });
    expect(set.status).toBe(200);
    expect((await requestToken(tokenForm)).status).toBe(502);
    const invalid = await fetch(`${sandbox.url}/__sandbox/fault`, {
      method: 'POST',
      body: JSON.stringify({ api: 'idp', fault: { kind: 'sometimes' } }),
    });
    expect(invalid.status).toBe(400);

    const bearer = await token();
    await fetch(`${sandbox.url}/__sandbox/revoke-tokens`, { method: 'POST' });
    expect((await management(`${siteId}/article?stable=1`, bearer)).status).toBe(401);
  });
});

describe('the request log', () => {
  it('records API, method, path, auth scheme and status', async () => {
    await platform('sites');
    await fetch(`${sandbox.url}/runtime/events?keys=x&site=site9a`);
    expect(sandbox.requests).toEqual([
      { api: 'platform', method: 'GET', path: '/platform/sites', auth: 'basic', status: 200 },
      { api: 'runtime', method: 'GET', path: '/runtime/events?keys=x&site=site9a', auth: 'none', status: 200 },
    ]);
    const overHttp: unknown = await (await fetch(`${sandbox.url}/__sandbox/requests`)).json();
    expect(overHttp).toEqual(sandbox.requests);
    sandbox.reset();
    expect(sandbox.requests).toEqual([]);
  });
});

describe('closing', () => {
  it('resolves even with a slow request still waiting', async () => {
    const other = await startSandbox({ dataset: content });
    other.setFault('runtime', { kind: 'slow', delayMs: 10_000 });
    const pending = fetch(`${other.url}/runtime/sites/site1a/basic_events`).catch(() => 'gone');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await expect(other.close()).resolves.toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBe('gone');
  });
});
