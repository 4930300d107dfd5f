/**
 * The staff views (publisher/views/, Hono JSX) escape every text and attribute they are given:
 * hostile text planted where staff, the CMS or the run log put words (a failure reason, a staff
 * name, a changed record's title and path, a version id, the CSRF token) comes out as text, in
 * element content and inside quoted attributes alike. And the inline style is sent as it is
 * hashed, so the CSP lets it through.
 */
import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../../../publisher/runs/run-record';
import type { StatusView } from '../../../../publisher/status/status-view';
import { STYLESHEET } from '../../../../publisher/views/assets';
import { CSP } from '../../../../publisher/views/layout';
import { loginPage, rollbackConfirmPage } from '../../../../publisher/views/pages';
import { statusPage } from '../../../../publisher/views/status-page';

const HOSTILE = `<script>alert('x')</script>" onfocus="alert(1)`;
const ESCAPED = '&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; onfocus=&quot;alert(1)';

/** Nothing planted comes out as markup: no script element, no attribute broken out of its quotes. */
function expectNoMarkup(html: string) {
  expect(html).not.toContain("<script>alert('x')");
  expect(html).not.toContain('" onfocus="');
  expect(html).not.toMatch(/<script(?! src="\/staff\/status\.js")/);
}

const hostileRun: RunRecord = {
  id: 7,
  kind: 'live',
  trigger: 'staff',
  state: 'failed',
  requests: 1,
  queuedAt: '2026-11-25T13:00:00.000Z',
  by: HOSTILE,
  release: HOSTILE,
  durationMs: 1200,
  named: { items: [{ text: HOSTILE, path: `/artikkel/${HOSTILE}` }], more: 0 },
  failure: { step: HOSTILE, reason: HOSTILE, detail: HOSTILE },
};

const view: StatusView = {
  live: { release: HOSTILE, since: '2026-11-25T13:05:00.000Z' },
  preview: { release: HOSTILE, url: HOSTILE },
  runs: [hostileRun, { ...hostileRun, id: 8, state: 'published', named: { items: [{ text: HOSTILE, path: `/artikkel/${HOSTILE}` }], more: 0 } }],
  csrf: HOSTILE,
  message: undefined,
  signedInAs: HOSTILE,
  paused: { since: '2026-11-25T12:00:00.000Z', by: HOSTILE, waiting: 1 },
  version: HOSTILE,
  now: Date.parse('2026-11-25T13:10:00.000Z'),
};

describe('the status page with hostile text from every source', () => {
  const html = statusPage(view);

  it('writes it as text in element content', () => {
    expectNoMarkup(html);
    expect(html).toContain(`<dt>Starta av</dt><dd>${ESCAPED}</dd>`);
    expect(html).toContain(`<strong>${ESCAPED}:</strong> ${ESCAPED}<br/><small>Teknisk: ${ESCAPED}</small>`);
    expect(html).toContain(`<dt>Versjon</dt><dd>${ESCAPED} <small class="ref">(id ${ESCAPED})</small></dd>`);
    expect(html).toContain(`<p>Du er logga inn som ${ESCAPED}.</p>`);
    expect(html).toContain(`då ${ESCAPED} gjekk tilbake`);
    // A failed run's record is named, not linked; a published one's is linked.
    expect(html).toContain(`<ul><li>${ESCAPED}</li></ul>`);
  });

  it('keeps it inside the quotes of attributes', () => {
    expect(html).toContain(`<main data-live-version="${ESCAPED}">`);
    expect(html).toContain(`<input type="hidden" name="csrf" value="${ESCAPED}"/>`);
    expect(html).toContain(`<a href="/artikkel/${ESCAPED}">${ESCAPED}</a>`);
  });
});

describe('the rollback confirmation with hostile text', () => {
  const html = rollbackConfirmPage(
    { from: HOSTILE, to: HOSTILE, at: '2026-11-24T23:00:00.000Z', by: HOSTILE, changes: [], named: { items: [{ text: HOSTILE, path: '/a' }], more: 0 } },
    HOSTILE,
  );

  it('writes the name and the changed record as text, the version ids and the token inside their attributes', () => {
    expectNoMarkup(html);
    expect(html).toContain(`av ${ESCAPED}</dd>`);
    expect(html).toContain(`<li>${ESCAPED}</li>`);
    expect(html).toContain(`<input type="hidden" name="from" value="${ESCAPED}"/>`);
    expect(html).toContain(`<input type="hidden" name="to" value="${ESCAPED}"/>`);
    expect(html).toContain(`<input type="hidden" name="csrf" value="${ESCAPED}"/>`);
  });
});

describe('the layout', () => {
  it('links the stylesheet file by its hashed address, and the CSP allows no inline style', () => {
    for (const html of [statusPage({ ...view, paused: undefined }), loginPage({ failed: true, username: HOSTILE })]) {
      expect(html).toContain(`<link rel="stylesheet" href="${STYLESHEET}"/>`);
      expect(html).not.toContain('<style');
    }
    expect(CSP).toContain("style-src 'self';");
    expect(CSP).not.toMatch(/unsafe-inline|sha256-/);
  });

  it('keeps the login form one value when the user name has a quote in it', () => {
    const html = loginPage({ failed: true, username: HOSTILE });
    expectNoMarkup(html);
    expect(html).toContain(`value="${ESCAPED}"`);
  });
});
