/**
 * The newcomer's path through the sandbox's box office in a browser (/__sandbox/billettkontor):
 * the coming showings of a day, one moved and one sold out with the keyboard, and what the
 * runtime API (what the site's box-office check reads) serves afterwards. The page says when the
 * site's next box-office check fetches the change; it passes axe and the Nu HTML Checker and
 * reflows at 320 px.
 */
import { loadDataset, startSandbox, type Sandbox } from '../../sandbox/server';
import { showingsOn } from '../../sandbox/box-office';
import { scriptEnv } from '../../scripts/script-env.mjs';
import { axeViolations, expect, test } from './fixtures';
import { nuErrors } from './nu-check';

// A port of its own, next to the run's (E2E_PREVIEW_PORT + 64), so two runs can share a machine.
const port = process.env['E2E_PREVIEW_PORT'] ? scriptEnv().e2e.ports.preview + 64 : 5664;
/** The sandbox's clock: Thursday 26 November 2026, noon in Oslo (the dataset's days). */
const NOW = new Date('2026-11-26T12:00:00+01:00');
const DAY = '2026-11-27';

let sandbox: Sandbox;
const dataset = loadDataset('content');
const showings = showingsOn(dataset, DAY).filter((showing) => showing.status === 'scheduled');
const first = showings[0];
/** A showing on sale, to sell out. */
const second = showings.find((showing) => showing !== first && showing.availability !== 'soldout');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  sandbox = await startSandbox({ dataset, port, boxOfficeMinutes: 1, now: () => NOW });
  // The site's box-office check has fetched once, at 11.59.
  await fetch(`${sandbox.url}/runtime/sites/site118a/basic_events`);
});

test.afterAll(async () => {
  await sandbox?.close();
});

const servedEvent = async (id: string) =>
  ((await (await fetch(`${sandbox.url}/runtime/sites/site118a/basic_events`)).json()) as { id: string; startTime: string; availability: string }[]).find(
    (event) => event.id === id,
  );

test('a newcomer moves a showing and sells out another with the keyboard, and reads when the site follows', async ({ page }) => {
  expect(first && second).toBeTruthy();
  await page.goto(`${sandbox.url}/`);
  await page.getByRole('link', { name: 'Billettkontoret' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sandkassa: billettkontoret' })).toBeVisible();
  await expect(page.getByText('Nettstaden hentar endringar frå billettkontoret kvart minutt; sist kl. 12.00.')).toBeVisible();
  await page.getByRole('link', { name: 'fredag 27. november' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Fredag 27. november' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Move the first showing to 21.15: the new time, then Enter in the field sends its form («Flytt»).
  await page.locator(`#tid-${first!.id}`).fill('21:15');
  await page.locator(`#tid-${first!.id}`).press('Enter');
  await expect(page.getByRole('status')).toContainText(`Endra: ${first!.title}, fredag 27. november kl. 21.15: `);
  await expect(page.getByRole('status')).toContainText('Nettstaden får det med seg ved neste henting, venta kl. 12.01.');
  expect((await servedEvent(first!.id))?.startTime).toBe('2026-11-27T21:15:00+01:00');

  // Sell out the second: its «Utselt» button, described by the showing's heading.
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: second!.title }) });
  const soldOut = item.getByRole('button', { name: 'Utselt', exact: true });
  await expect(soldOut).toHaveAccessibleDescription(new RegExp(`${second!.title}$`));
  await soldOut.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`Endra: ${second!.title}, fredag 27. november`);
  await expect(page.getByRole('status')).toContainText(': utselt.');
  expect((await servedEvent(second!.id))?.availability).toBe('soldout');
  expect(await axeViolations(page)).toEqual([]);

  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test('a time that is no time is refused in plain words, and nothing changes', async ({ request }) => {
  const before = await servedEvent(second!.id);
  const refused = await request.post(`${sandbox.url}/__sandbox/billettkontor`, {
    form: { id: second!.id, gjer: 'flytt', tid: '25:00', dag: DAY },
    headers: { origin: sandbox.url },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('Skriv det nye klokkeslettet som TT:MM, til dømes 20:30.');
  expect(await servedEvent(second!.id)).toEqual(before);
});

test('the box-office pages are valid HTML (Nu HTML Checker)', async ({ request }) => {
  const pages: Record<string, string> = {
    root: await (await request.get(`${sandbox.url}/`)).text(),
    today: await (await request.get(`${sandbox.url}/__sandbox/billettkontor`)).text(),
    changed: await (await request.get(`${sandbox.url}/__sandbox/billettkontor?dag=${DAY}&endra=${second!.id}`)).text(),
    refused: await (
      await request.post(`${sandbox.url}/__sandbox/billettkontor`, { form: { id: 'x', gjer: 'nothing' }, headers: { origin: sandbox.url } })
    ).text(),
  };
  expect(nuErrors(pages)).toEqual([]);
});
