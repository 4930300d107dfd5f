/**
 * Newsletter sign-up: the browser's client (through the shared HTTP layer) against the
 * platform sandbox over real HTTP, and the sandbox endpoint itself (JSON, forms, the page for
 * visitors without JavaScript, CORS, faults, the subscriber list).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../sandbox/server';
import { formProblem, isEmailAddress, newsletterClient, OUTCOME_MESSAGES, subscribe } from '../../../../src/lib/newsletter/subscribe';

let sandbox: Sandbox;
let endpoint: string;
const site = 'http://127.0.0.1:4323';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, corsOrigins: [site] });
  endpoint = `${sandbox.url}/newsletter/subscribe`;
});
afterEach(() => sandbox.reset());
afterAll(() => sandbox.close());

const post = (body: string, headers: Record<string, string>) => fetch(endpoint, { method: 'POST', body, headers });

describe('the e-mail check before sending', () => {
  it('catches typing mistakes and leaves the rest to the endpoint', () => {
    for (const good of ['ola@kaia.no', ' kari.nordmann+kino@post.example ', 'a@b.c']) expect(isEmailAddress(good), good).toBe(true);
    for (const bad of ['', 'ola', 'ola@', '@kaia.no', 'ola@kaia', 'ola nordmann@kaia.no', 'ola@@kaia.no', `${'a'.repeat(250)}@b.no`]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });
});

describe('subscribing through the HTTP layer', () => {
  it('subscribes once, then says the address is already on the list', async () => {
    const client = newsletterClient(endpoint);
    expect(await subscribe(client, endpoint, 'Ola@Kaia.no', true)).toBe('subscribed');
    expect(await subscribe(client, endpoint, 'ola@kaia.no ', true)).toBe('already-subscribed');
    expect(sandbox.newsletterSubscribers()).toEqual(['ola@kaia.no']);
  });

  it('tells an address the platform refuses from a missing consent', async () => {
    const client = newsletterClient(endpoint);
    expect(await subscribe(client, endpoint, 'ola@kaia.x', true)).toBe('invalid-email');
    expect(await subscribe(client, endpoint, 'ola@kaia.no', false)).toBe('consent-required');
    expect(sandbox.newsletterSubscribers()).toEqual([]);
  });

  it('reports server errors, time-outs and lost connections as such', async () => {
    // A second to answer: a dropped connection on a busy machine took over 200 ms to be seen
    // as dropped, and read as a time-out.
    const client = newsletterClient(endpoint, 1000);
    sandbox.setFault('newsletter', { kind: 'status', status: 503, times: 1 });
    expect(await subscribe(client, endpoint, 'kari@kaia.no', true)).toBe('server-error');
    sandbox.setFault('newsletter', { kind: 'drop', times: 1 });
    expect(await subscribe(client, endpoint, 'kari@kaia.no', true)).toBe('network');
    sandbox.setFault('newsletter', { kind: 'slow', delayMs: 3000, times: 1 });
    expect(await subscribe(client, endpoint, 'kari@kaia.no', true)).toBe('timeout');
    expect(await subscribe(client, endpoint, 'kari@kaia.no', true)).toBe('subscribed');
    // A spoilt answer to a sign-up that went through: unknown to the visitor, who tries again.
    sandbox.setFault('newsletter', { kind: 'malformed-json', times: 1 });
    expect(await subscribe(client, endpoint, 'nils@kaia.no', true)).toBe('server-error');
    expect(await subscribe(client, endpoint, 'nils@kaia.no', true)).toBe('already-subscribed');
  });

  it('has a message in nynorsk for every outcome', () => {
    for (const message of Object.values(OUTCOME_MESSAGES)) expect(message.length).toBeGreaterThan(20);
    expect(OUTCOME_MESSAGES['server-error']).toMatch(/kanskje ikkje gjennom/);
  });
});

describe('the sandbox newsletter endpoint', () => {
  it('takes JSON and answers JSON', async () => {
    const json = { 'content-type': 'application/json', accept: 'application/json' };
    const first = await post(JSON.stringify({ email: 'per@kaia.no', consent: true }), json);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'subscribed' });
    expect(await (await post(JSON.stringify({ email: 'per@kaia.no', consent: true }), json)).json()).toEqual({ status: 'already-subscribed' });
    const noConsent = await post(JSON.stringify({ email: 'pål@kaia.no' }), json);
    expect(noConsent.status).toBe(400);
    expect(await noConsent.json()).toEqual({ error: 'consent-required' });
    expect((await post('{', json)).status).toBe(400);
    expect((await post('email=x', { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('answers a form posted without JavaScript with a page and a way back', async () => {
    const response = await post('email=liv%40kaia.no&consent=yes&page=%2Fkonsert-abcde%2F', {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      referer: `${site}/kontakt`,
      origin: site,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain('<html lang="nn">');
    expect(page).toContain('No er du påmeld nyheitsbrevet vårt.');
    expect(page).toContain(`href="${site}/konsert-abcde/"`);

    const refused = await post('email=liv&page=//evil.example/', {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      origin: 'https://elsewhere.example',
    });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain('Sjekk e-postadressa');
    expect(text).not.toContain('elsewhere.example');
    expect(text).not.toContain('evil.example');
    const ownOrigin = await post('email=liv&page=//evil.example/', {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      referer: `${site}/`,
    });
    expect(await ownOrigin.text()).toContain(`href="${site}/"`);
  });

  it('lets the site’s origins read its answers, and no one else', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const allowed = await post('email=ida%40kaia.no&consent=yes', { ...form, origin: site });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(site);
    const other = await post('email=ida%40kaia.no&consent=yes', { ...form, origin: 'https://evil.example' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: { origin: site, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(site);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');

    sandbox.setFault('newsletter', { kind: 'status', status: 500 });
    const failing = await post('email=ida%40kaia.no&consent=yes', { ...form, origin: site });
    expect(failing.status).toBe(500);
    expect(failing.headers.get('access-control-allow-origin')).toBe(site);
  });

  it('lists the subscribers for tests, logs the calls, and forgets them on reset', async () => {
    await post('email=ane%40kaia.no&consent=on', { 'content-type': 'application/x-www-form-urlencoded' });
    const listed: unknown = await (await fetch(`${sandbox.url}/__sandbox/newsletter`)).json();
    expect(listed).toEqual({ subscribers: ['ane@kaia.no'] });
    expect(sandbox.requests.map(({ api, method, status }) => ({ api, method, status }))).toEqual([{ api: 'newsletter', method: 'POST', status: 200 }]);
    const viaAdmin = await fetch(`${sandbox.url}/__sandbox/fault`, {
      method: 'POST',
      body: JSON.stringify({ api: 'newsletter', fault: { kind: 'status', status: 502, times: 1 } }),
    });
    expect(viaAdmin.status).toBe(200);
    expect((await post('email=ane%40kaia.no&consent=on', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(502);
    sandbox.reset();
    expect(sandbox.newsletterSubscribers()).toEqual([]);
  });
});

describe('formProblem', () => {
  it('asks for an address when there is none, before saying one is wrong or consent is missing', () => {
    expect(formProblem('', false)).toBe('missing-email');
    expect(formProblem('   ', true)).toBe('missing-email');
    expect(formProblem('ola@', true)).toBe('invalid-email');
    expect(formProblem('ola@kaia.no', false)).toBe('consent-required');
    expect(formProblem(' ola@kaia.no ', true)).toBeNull();
    expect(OUTCOME_MESSAGES['missing-email']).toMatch(/^Skriv inn e-postadressa di/);
  });
});
