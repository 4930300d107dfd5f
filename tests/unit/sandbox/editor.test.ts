/**
 * The sandbox's CMS editor pages (sandbox/editor.ts) over real HTTP: the «sandbox admin»
 * address answers with the list of articles, an article's form saves a draft or publishes
 * through the same edit as POST /__sandbox/edit, and sends the signed webhook as the CMS does
 * (checked here by a receiver that verifies the signature from the contract).
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadDataset } from '../../../sandbox/dataset';
import { startSandbox, type Sandbox } from '../../../sandbox/server';

const SECRET = 'editor-test-secret-0123456789';
let sandbox: Sandbox;
let receiver: Server;
let hooks: { body: Record<string, unknown>; signed: boolean }[] = [];
let answerWith = 202;
const dataset = loadDataset('content');
const article = [...(dataset.articles as { id: string; title: string; slug: string; content: string }[])].sort((a, b) => a.id.localeCompare(b.id))[1]!;
const editUrl = () => `${sandbox.url}/__sandbox/cms/artiklar/${article.id}`;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const expected = `sha256=${createHmac('sha256', SECRET)
        .update(`${String(req.headers['x-kaia-timestamp'])}.${String(req.headers['x-kaia-delivery'])}.${body}`)
        .digest('hex')}`;
      hooks.push({ body: JSON.parse(body) as Record<string, unknown>, signed: req.headers['x-kaia-signature'] === expected });
      res.writeHead(answerWith).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  sandbox = await startSandbox({
    dataset: structuredClone(dataset),
    webhook: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/cms`, secret: SECRET },
    editorLinks: { staffUrl: 'http://127.0.0.1:9/staff/', siteUrl: 'http://localhost:4321/' },
  });
});
afterAll(async () => {
  await sandbox?.close();
  receiver?.closeAllConnections();
  await new Promise((done) => receiver?.close(done));
});
beforeEach(() => {
  hooks = [];
  answerWith = 202;
});

const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(editUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: sandbox.url, ...headers },
    body: new URLSearchParams(body),
    redirect: 'manual',
  });
const management = async (stable: boolean) => {
  const { access_token } = (await (
    await fetch(`${sandbox.url}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=kaia-import&client_secret=sandbox-secret',
    })
  ).json()) as { access_token: string };
  const response = await fetch(`${sandbox.url}/management/site/kaia/article${stable ? '?stable=1' : ''}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return ((await response.json()) as { id: string; title: string; content: string }[]).find((entry) => entry.id === article.id)!;
};

describe('the sandbox CMS editor', () => {
  it('answers at the «sandbox admin» address with every article, each linking to its form, and the status page', async () => {
    for (const path of ['/__sandbox/', '/__sandbox']) {
      const response = await fetch(`${sandbox.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await response.text();
      expect(html).toContain('<h1>Sandkassa: CMS-et</h1>');
      expect(html.match(/href="\/__sandbox\/cms\/artiklar\//g)).toHaveLength(dataset.articles.length);
      expect(html).toContain('href="http://127.0.0.1:9/staff/"');
    }
  });

  it('shows an article in a form with its title and text', async () => {
    const html = await (await fetch(editUrl())).text();
    expect(html).toContain(`value="${article.title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}"`);
    expect(html).toContain('<label for="title">Tittel</label>');
    expect(html).toContain('<label for="content">Tekst</label>');
    expect(html).toMatch(/<button type="submit" name="action" value="draft"[^>]*>Lagre utkast<\/button>/);
    expect((await fetch(`${sandbox.url}/__sandbox/cms/artiklar/no-such-article`)).status).toBe(404);
  });

  it('saves a draft: the draft view of the management API has it, the published one not, and a signed draft hook goes out', async () => {
    const response = await post({ title: 'Turgruppa: nytt utkast', content: '<p>Utkast til ny tekst.</p>', action: 'draft' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/__sandbox/cms/artiklar/${article.id}?lagra=draft&webhook=202`);
    expect(hooks).toEqual([{ body: { event: 'draft', collection: 'articles', id: article.id }, signed: true }]);
    expect(await management(false)).toMatchObject({ title: 'Turgruppa: nytt utkast', content: '<p>Utkast til ny tekst.</p>' });
    expect((await management(true)).title).toBe(article.title);

    const page = await (await fetch(`${sandbox.url}${response.headers.get('location')}`)).text();
    expect(page).toContain('Utkastet er lagra. Publiseringstenesta har fått webhooken og byggjer ei ny førehandsvising.');
    expect(page).toContain('value="Turgruppa: nytt utkast"');
    expect(page).toContain('Artikkelen har eit lagra utkast som ikkje er publisert.');
  });

  it('publishes: the published view has the new title and text, the draft is gone, and a signed publish hook goes out', async () => {
    const response = await post({ title: '  Turgruppa går i dag  ', content: '<p>Ny tekst.</p>', action: 'publish' });
    expect(response.status).toBe(303);
    expect(hooks).toEqual([{ body: { event: 'publish', collection: 'articles', id: article.id }, signed: true }]);
    expect(await management(true)).toMatchObject({ title: 'Turgruppa går i dag', content: '<p>Ny tekst.</p>' });
    expect((await management(false)).title).toBe('Turgruppa går i dag');
    const page = await (await fetch(`${sandbox.url}${response.headers.get('location')}`)).text();
    expect(page).toContain('Artikkelen er publisert i CMS-et. Publiseringstenesta har fått webhooken og byggjer nettstaden på nytt.');
    expect(page).toContain(`href="http://localhost:4321/article/${article.slug}"`);
    expect(page).not.toContain('har eit lagra utkast');
  });

  it('says plainly when the publish service refused or could not be reached', async () => {
    answerWith = 401;
    const refused = await post({ title: 'Tittel', content: '<p>Tekst</p>', action: 'publish' });
    expect(await (await fetch(`${sandbox.url}${refused.headers.get('location')}`)).text()).toContain('Publiseringstenesta avviste webhooken (status 401).');
    const page = await (await fetch(`${editUrl()}?lagra=published&webhook=0`)).text();
    expect(page).toContain('Webhooken kom ikkje fram');
    expect(await (await fetch(`${editUrl()}?lagra=<script>&webhook=abc`)).text()).not.toContain('<script>');
  });

  it('refuses an empty title, a missing button or a post from another site, keeping what was typed and changing nothing', async () => {
    const before = await management(false);
    const empty = await post({ title: '   ', content: '<p>Teksten eg skreiv</p>', action: 'publish' });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain('Tittelen kan ikkje vere tom.');
    expect(html).toContain('&#60;p&#62;Teksten eg skreiv&#60;/p&#62;');
    expect(html).toContain('aria-invalid="true"');
    expect((await post({ title: 'x', content: '<p>y</p>', action: 'delete' })).status).toBe(400);
    expect((await post({ title: 'x', content: '<p>y</p>', action: 'publish' }, { origin: 'http://evil.example' })).status).toBe(403);
    expect(hooks).toEqual([]);
    expect(await management(false)).toEqual(before);
  });
});
