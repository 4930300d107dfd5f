/**
 * The guide «Slik publiserer du» as a page of the service: GET /staff/rettleiing answers anyone
 * with the guide rendered from its Markdown, under the staff pages' CSP, and every staff page's
 * header links it. Nothing in the Markdown becomes markup of its own: raw HTML is text, and a
 * link to anything but a relative address, http(s) or mailto is no link.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceApp } from '../../../../publisher/app';
import { AccountBook } from '../../../../publisher/accounts/accounts';
import { GUIDE_PATH, parseGuide } from '../../../../publisher/guide/guide';
import { RunLog } from '../../../../publisher/runs/run-log';
import { RunQueue } from '../../../../publisher/runs/run-queue';
import { Sessions } from '../../../../publisher/accounts/staff-access';
import { statusRoutes } from '../../../../publisher/routes/status-routes';
import { guidePage } from '../../../../publisher/views/guide-page';
import { CSP } from '../../../../publisher/views/layout';
import { loginPage, plainPage, previewSignInPage, rollbackConfirmPage } from '../../../../publisher/views/pages';
import { statusPage } from '../../../../publisher/views/status-page';

const work = mkdtempSync(join(tmpdir(), 'kaia-guide-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function app() {
  const runLog = new RunLog(join(work, 'runs.json'));
  const sessions = new Sessions('the service password', false, new AccountBook(join(work, 'accounts.json')));
  return serviceApp(
    () => {},
    statusRoutes({
      releasesDir: join(work, 'releases'),
      previewDir: join(work, 'preview'),
      previewUrl: () => 'http://127.0.0.1:1/',
      queue: new RunQueue(runLog, async () => {}),
      runLog,
      sessions,
      log: () => {},
    }),
  );
}

const headings = (html: string) => [...html.matchAll(/<h([1-6])>/g)].map((match) => Number(match[1]));

describe('the guide page', () => {
  it('answers anyone with the guide, one h1 and headings in order, under the staff pages’ CSP', async () => {
    const answer = await app().request(`http://127.0.0.1${GUIDE_PATH}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe(CSP);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await answer.text();
    expect(html).toContain('<title>Slik publiserer du – publisering – Kulturhuset Kaia</title>');
    expect(html).toContain('<h1>Slik publiserer du</h1>');
    expect(html).toContain('<h2>Kven ringjer du?</h2>');
    expect(html).toContain('<strong>Publiser att</strong>');
    expect(html).not.toContain('<script');
    const levels = headings(html);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    // No level is skipped on the way down.
    levels.forEach((level, index) => index > 0 && expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1));
    expect((await app().request(`http://127.0.0.1${GUIDE_PATH}`, { method: 'POST' })).status).toBe(405);
  });

  it('writes raw HTML in the Markdown as text, and keeps only safe links', () => {
    const html = guidePage(
      parseGuide(
        [
          '# Tittel',
          '',
          '<script>alert(1)</script>',
          '',
          'Ein <img src=x onerror=alert(1)> og [farleg](javascript:alert(1)), [data](data:text/html,x), [god](https://kaia.example/) og [her](/staff/).',
          '',
          '- **«Publiser att»** <b onclick="x">b</b>',
        ].join('\n'),
      ),
    );
    expect(html).not.toMatch(/<script>alert|<img|<b[ >]|href="javascript|href="data/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://kaia.example/">god</a>');
    expect(html).toContain('<a href="/staff/">her</a>');
    expect(html).toContain('farleg');
    expect(html).toContain('<li><strong>«Publiser att»</strong> &lt;b onclick=&quot;x&quot;&gt;b&lt;/b&gt;</li>');
  });

  it('is linked from the header of every staff page, marked as the page it is', () => {
    const link = `<a href="${GUIDE_PATH}"`;
    const view = { live: undefined, preview: undefined, runs: [], csrf: 't', message: undefined };
    const pages = {
      status: statusPage(view),
      login: loginPage(),
      rollback: rollbackConfirmPage({ from: 'a', to: 'b', at: '2026-11-20T10:00:00.000Z', by: 'Anne' }, 't'),
      plain: plainPage('Fann ikkje sida', 'Denne adressa finst ikkje.'),
    };
    for (const [name, html] of Object.entries(pages)) {
      expect(html, name).toMatch(/<header class="staff-header"><nav aria-label="Publisering">/);
      expect(html, name).toContain(`${link}>Rettleiing: slik publiserer du</a>`);
    }
    expect(pages.status).toContain('<a href="/staff/" aria-current="page">Publiseringssida</a>');
    expect(guidePage(parseGuide('# G'))).toContain(`${link} aria-current="page">Rettleiing: slik publiserer du</a>`);
    // The preview's port serves neither page.
    expect(previewSignInPage('http://127.0.0.1:1/staff/', false)).not.toContain('<header');
  });
});
