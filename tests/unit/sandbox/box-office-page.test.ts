/**
 * The sandbox's box-office page (sandbox/box-office-page.ts, /__sandbox/billettkontor): a newcomer
 * sees the coming showings by day and moves, sells out, cancels or sets up again one of them; the
 * change reaches the runtime API (what the site's box-office check reads) and nothing else, and
 * the page says when the site's next box-office check is due to fetch it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { boxOfficePage, clockLabel, dayLabel, pageDays, parseBoxOfficeForm, checksText } from '../../../sandbox/box-office-page';
import { showingsOn } from '../../../sandbox/box-office';
import { loadDataset, startSandbox, type Sandbox } from '../../../sandbox/server';

const at = (iso: string) => new Date(iso);

describe('the box-office form', () => {
  it('names the showing and what to do with it, or says in nynorsk what is missing', () => {
    const form = (fields: Record<string, string>) => parseBoxOfficeForm(new URLSearchParams(fields).toString());
    expect(form({ id: 'ev-431000', gjer: 'soldout', dag: '2026-11-26' })).toEqual({
      ok: true,
      day: '2026-11-26',
      change: { action: 'availability', id: 'ev-431000', availability: 'soldout' },
    });
    expect(form({ id: 'ev-431000', gjer: 'cancelled' })).toMatchObject({ ok: true, change: { action: 'status', status: 'cancelled' } });
    expect(form({ id: 'ev-431000', gjer: 'scheduled' })).toMatchObject({ ok: true, change: { action: 'status', status: 'scheduled' } });
    expect(form({ id: 'ev-431000', gjer: 'flytt', tid: '20.30' })).toMatchObject({ ok: true, change: { action: 'move', id: 'ev-431000', at: '20:30' } });
    expect(form({ id: 'ev-431000', gjer: 'flytt', tid: '24:10' })).toEqual({
      ok: false,
      day: '',
      error: 'Skriv det nye klokkeslettet som TT:MM, til dømes 20:30.',
    });
    expect(form({ id: '../x', gjer: 'soldout' })).toMatchObject({ ok: false, error: 'Vel ei framsyning i lista.' });
    expect(form({ id: 'ev-431000', gjer: 'delete' })).toMatchObject({ ok: false, error: 'Vel kva som skal endrast.' });
    expect(form({ id: 'ev-431000', gjer: 'few', dag: '26.11' })).toMatchObject({ ok: true, day: '' });
  });
});

describe('when a change reaches the site', () => {
  it('says the interval, the last fetch and the next one, in Oslo time, also across the change to winter time', () => {
    const now = at('2026-11-26T21:40:30Z');
    expect(checksText({}, now)).toContain('ved neste bygging');
    expect(checksText({ intervalMinutes: 1 }, now)).toBe('Nettstaden hentar endringar frå billettkontoret kvart minutt. Ho har ikkje henta noko enno.');
    expect(checksText({ intervalMinutes: 5, lastBoxOfficeCheck: at('2026-11-26T21:31:00Z') }, now)).toBe(
      'Nettstaden hentar endringar frå billettkontoret kvart 5. minutt; sist kl. 22.31. Neste henting er venta kl. 22.41, og endringa er ute på nettstaden litt etter det.',
    );
    // 25 October 2026: the clocks go back at 03.00 summer time.
    expect(checksText({ intervalMinutes: 5, lastBoxOfficeCheck: at('2026-10-25T00:58:00Z') }, at('2026-10-25T01:00:00Z'))).toContain(
      'sist kl. 02.58. Neste henting er venta kl. 02.03',
    );
    expect(clockLabel('2026-03-29T01:30:00Z')).toBe('03.30');
  });

  it('offers today and the next six days, named in nynorsk', () => {
    expect(pageDays(at('2026-11-26T23:30:00Z'))).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
    expect(dayLabel('2026-11-27')).toBe('fredag 27. november');
  });
});

describe('the page', () => {
  const dataset = loadDataset('content');

  it('lists today’s coming showings, not the ones that are over, with a button for each change', () => {
    const day = '2026-11-26';
    const showings = showingsOn(dataset, day);
    expect(showings.length).toBeGreaterThan(1);
    const last = showings.at(-1)!;
    const over = showings.filter((showing) => showing.startTime < last.startTime);
    expect(over.length).toBeGreaterThan(1);
    const now = new Date(Date.parse(last.startTime) - 60_000);
    const html = boxOfficePage({ day, now, showings, checks: { intervalMinutes: 1 } });
    expect(html).toContain('<h2>I dag, torsdag 26. november</h2>');
    for (const showing of over) expect(html).not.toContain(`value="${showing.id}"`);
    expect(html).toContain(`value="${last.id}"`);
    expect(html).toContain(`${over.length} framsyningar tidlegare i dag er ferdige og er ikkje med.`);
    expect(html).toContain('<a href="/__sandbox/billettkontor?dag=2026-11-26" aria-current="page">I dag</a>');
    for (const label of ['Utselt', 'Nesten utselt', 'Avlys', 'Flytt']) expect(html).toContain(`>${label}</button>`);
  });

  it('escapes what the data says, in text and in attributes', () => {
    const showing = {
      id: 'ev-1',
      startTime: '2026-11-27T18:00:00+01:00',
      title: 'Olsenbanden <b>"x"</b>',
      hall: 'Sal & 1',
      availability: 'available',
      status: 'scheduled',
    };
    const html = boxOfficePage({ day: '2026-11-27', now: at('2026-11-26T12:00:00Z'), showings: [showing], checks: {}, siteUrl: 'http://x/"><script>' });
    expect(html).toContain('Olsenbanden &#60;b&#62;&#34;x&#34;&#60;/b&#62;');
    expect(html).toContain('Sal &#38; 1');
    expect(html).not.toContain('<script>');
  });
});

describe('the page against the sandbox', () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it('sells out a showing: the runtime API serves the change, the page names it by title and says when the site fetches it', async () => {
    const dataset = loadDataset('content');
    const showing = showingsOn(dataset, '2026-11-27')[0]!;
    const now = at('2026-11-26T10:00:00Z');
    sandbox = await startSandbox({ dataset, boxOfficeMinutes: 5, now: () => now });
    const basicEvents = async () =>
      (await (await fetch(`${sandbox!.url}/runtime/sites/site1a/basic_events`)).json()) as { id: string; availability: string; status: string }[];
    expect((await basicEvents()).find((event) => event.id === showing.id)?.availability).not.toBe('soldout');
    const page = await fetch(`${sandbox.url}/__sandbox/billettkontor?dag=2026-11-27`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(showing.title);
    const post = (fields: Record<string, string>, origin = sandbox!.url) =>
      fetch(`${sandbox!.url}/__sandbox/billettkontor`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
        redirect: 'manual',
      });
    expect((await post({ id: showing.id, gjer: 'soldout', dag: '2026-11-27' }, 'http://evil.example')).status).toBe(403);
    const answer = await post({ id: showing.id, gjer: 'soldout', dag: '2026-11-27' });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toBe(`/__sandbox/billettkontor?dag=2026-11-27&endra=${showing.id}`);
    expect((await basicEvents()).find((event) => event.id === showing.id)?.availability).toBe('soldout');
    const after = await (await fetch(`${sandbox.url}${location}`)).text();
    expect(after).toContain(`Endra: ${showing.title}, fredag 27. november kl. ${clockLabel(showing.startTime)}: utselt.`);
    expect(after).toContain('sist kl. 11.00. Neste henting er venta kl. 11.05');
    expect(after).toContain('utselt. Nettstaden får det med seg ved neste henting, venta kl. 11.05.');
    expect((await post({ id: showing.id, gjer: 'cancelled', dag: '2026-11-27' })).status).toBe(303);
    expect((await basicEvents()).find((event) => event.id === showing.id)?.status).toBe('cancelled');
    const refused = await post({ id: 'ev-999999', gjer: 'soldout', dag: '2026-11-27' });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain('Fann ikkje framsyninga. Last sida på nytt.');
  });

  it('says at its root what it is, and links the two pages a person opens', async () => {
    sandbox = await startSandbox({ dataset: loadDataset('content') });
    const root = await fetch(`${sandbox.url}/`);
    expect(root.status).toBe(200);
    const html = await root.text();
    expect(html).toContain('<a href="/__sandbox/">CMS-et</a>');
    expect(html).toContain('<a href="/__sandbox/billettkontor">Billettkontoret</a>');
  });
});
