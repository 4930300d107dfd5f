/**
 * The ticket list of a production page follows the box office without a rebuild: a changed
 * time and a sold-out show in the sandbox appear at once, and a sold-out show offers no link.
 * It changes shared sandbox data, so it runs in the nginx project only (playwright.config.ts).
 */
import { readFileSync } from 'node:fs';
import { e2ePorts } from '../../scripts/script-env.mjs';
import type { Event } from '../../src/schemas';
import { expect, test } from './fixtures';

const sandbox = `http://127.0.0.1:${e2ePorts().sandbox}`;
const events = JSON.parse(readFileSync('content/events.json', 'utf8')) as Event[];
const PAGE = '/huset-ved-sundet-23deo';
const shows = events
  .filter((event) => event.production.pageReference === 'huset-ved-sundet-23deo' && event.status === 'scheduled' && event.availability !== 'soldout')
  .sort((a, b) => a.startTime.localeCompare(b.startTime));
const [moved, sellsOut] = shows as [Event, Event];

async function change(id: string, changes: Partial<Event>) {
  const response = await fetch(`${sandbox}/__sandbox/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, changes }),
  });
  expect(response.ok).toBe(true);
}

// One after another: the second test switches a fault on the box office's API the first one reads.
test.describe.configure({ mode: 'default' });

test.afterEach(async () => {
  await change(moved.id, { startTime: moved.startTime });
  await change(sellsOut.id, { availability: sellsOut.availability });
});

test('a changed time and a sold-out show reach the page from the box office, without a rebuild', async ({ page }) => {
  expect(shows.length).toBeGreaterThanOrEqual(2);
  const newStart = moved.startTime.replace(/T\d\d:\d\d/, 'T17:00');
  await change(moved.id, { startTime: newStart });
  await change(sellsOut.id, { availability: 'soldout' });

  const boxOfficeCall = page.waitForRequest((request) => request.url().startsWith(`${sandbox}/runtime/events?`));
  await page.goto(PAGE);
  const url = new URL((await boxOfficeCall).url());
  expect(url.searchParams.get('site')).toBe('site118a');
  expect(url.searchParams.get('keys')?.split(',')).toEqual(expect.arrayContaining([moved.id, sellsOut.id]));

  const movedRow = page.locator(`[data-event-id="${moved.id}"]`);
  await expect(movedRow.locator('[data-time]')).toHaveText('17.00');
  await expect(movedRow.getByRole('link', { name: /Kjøp billett.*kl\. 17\.00/ })).toHaveAttribute('href', moved.ticketUrl);

  const soldOutRow = page.locator(`[data-event-id="${sellsOut.id}"]`);
  await expect(soldOutRow).toContainText('Utselt');
  await expect(soldOutRow.getByRole('link', { name: /Kjøp billett/ })).toHaveCount(0);
});

test('when the box office fails, the list from the build stays and still sells', async ({ page }) => {
  await fetch(`${sandbox}/__sandbox/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api: 'runtime', fault: { kind: 'status', status: 500 } }),
  });
  try {
    const failed = page.waitForResponse((response) => response.url().startsWith(`${sandbox}/runtime/events?`));
    await page.goto(PAGE);
    expect((await failed).status()).toBe(500);
    await expect(page.locator(`[data-event-id="${moved.id}"]`).getByRole('link', { name: /Kjøp billett/ })).toHaveAttribute('href', moved.ticketUrl);
  } finally {
    await fetch(`${sandbox}/__sandbox/fault`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api: 'runtime', fault: null }),
    });
  }
});
