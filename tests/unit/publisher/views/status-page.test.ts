import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { progressText, runName, versionName } from '../../../../publisher/status/run-words';
import type { StatusView } from '../../../../publisher/status/status-view';
import { CSP } from '../../../../publisher/views/layout';
import { changesText } from '../../../../publisher/views/run-list';
import { statusPage } from '../../../../publisher/views/status-page';
import { rollbackFailure } from '../../../../publisher/routes/rollback-routes';
import { LockHeld } from '../../../../release/lock';
import { namedChangesOf, stepOfLine } from '../../../../publisher/pipeline/execute';
import { RunLog } from '../../../../publisher/runs/run-log';
import { RunQueue } from '../../../../publisher/runs/run-queue';
import type { RunRecord } from '../../../../publisher/runs/run-record';

const run = (fields: Partial<RunRecord> & Pick<RunRecord, 'id' | 'state'>): RunRecord => ({
  kind: 'live',
  trigger: 'webhook',
  requests: 1,
  queuedAt: '2026-11-25T13:00:00.000Z',
  ...fields,
});

const NOW = Date.parse('2026-11-25T13:10:12.000Z');
const going = run({ id: 3, state: 'running', startedAt: '2026-11-25T13:10:00.000Z', step: { name: 'build', startedAt: '2026-11-25T13:10:04.000Z' } });
const lastPublished = run({ id: 2, state: 'published', durationMs: 18_200, release: '20261125T130500Z' });

const view = (runs: RunRecord[], fields: Partial<StatusView> = {}): StatusView => ({
  live: undefined,
  preview: undefined,
  runs,
  csrf: 'token',
  message: undefined,
  now: NOW,
  ...fields,
});

describe('the words for runs and versions', () => {
  it('calls a draft saved in the CMS an update of the preview, never a publish', () => {
    expect(runName({ kind: 'preview', trigger: 'webhook' })).toBe('Oppdatering av førehandsvisinga (utkast lagra i CMS-et)');
    expect(runName({ kind: 'preview', trigger: 'staff' })).toBe('Oppdatering av førehandsvisinga');
    expect(runName({ kind: 'live', trigger: 'webhook' })).toBe('Publisering i CMS-et');
    expect(runName({ kind: 'live', trigger: 'resume' })).toBe('Publiser att');
    const html = statusPage(view([run({ id: 4, kind: 'preview', state: 'published', release: '20261125T130000Z' })]));
    expect(html).toContain('<dt>Kva</dt><dd>Oppdatering av førehandsvisinga (utkast lagra i CMS-et)</dd>');
    expect(html).not.toContain('Publisering i CMS-et');
  });

  it('names a version by its Oslo time, in summer and winter time, and a name of another form as it is', () => {
    expect(versionName('20261126T210436Z')).toBe('torsdag 26. november kl. 22.04');
    expect(versionName('20260701T120000Z-2')).toBe('onsdag 1. juli kl. 14.00');
    expect(versionName('eldre-namn')).toBe('eldre-namn');
  });

  it('says why a rollback could not switch: a run at work, a full disk, or another fault', () => {
    expect(rollbackFailure(new LockHeld('held'))).toBe('busy');
    expect(rollbackFailure(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }))).toBe('rollback-disk-full');
    expect(rollbackFailure(new Error('EACCES'))).toBe('rollback-error');
    expect(statusPage(view([], { message: 'rollback-disk-full' }))).toContain('Disken på tenaren er full');
  });
});

describe('the step and time so far of a going run', () => {
  it('names the step and sets the time since the run started against the last published run of its kind', () => {
    expect(progressText(going, [going, lastPublished], NOW)).toBe('Byggjer nettstaden … 12 s av om lag 18 s');
  });

  it('compares only with a published run of the same kind, and says so when there is none', () => {
    const runs = [
      going,
      run({ id: 2, state: 'failed', durationMs: 3000 }),
      run({ id: 1, kind: 'preview', state: 'published', durationMs: 9000 }),
      run({ id: 0, trigger: 'rollback', state: 'published', durationMs: 20 }),
    ];
    expect(progressText(going, runs, NOW)).toBe('Byggjer nettstaden … 12 s så langt');
  });

  it('says when a run takes longer than the last one', () => {
    expect(progressText(going, [going, lastPublished], NOW + 60_000)).toBe('Byggjer nettstaden … 1 min 12 s, lenger enn førre gong (18 s)');
    // Not while the seconds shown are the same.
    expect(progressText(going, [going, lastPublished], NOW + 6_400)).toBe('Byggjer nettstaden … 18 s av om lag 18 s');
  });

  it('names the import step, a run that has not reached a step, and a waiting run', () => {
    expect(progressText({ ...going, step: { name: 'import', startedAt: going.startedAt! } }, [going], NOW)).toBe('Hentar innhaldet frå CMS-et … 12 s så langt');
    const { step: _step, ...started } = going;
    expect(progressText(started, [started], NOW)).toBe('Startar … 12 s så langt');
    expect(progressText(run({ id: 4, state: 'queued' }), [], NOW)).toBe('Ventar på tur');
  });

  it('the step of a progress line from the release steps', () => {
    expect(stepOfLine('Step "import" …')).toBe('import');
    expect(stepOfLine('Step "build" …')).toBe('build');
    expect(stepOfLine('  build: Step "import" …')).toBeUndefined();
    expect(stepOfLine('Fetching articles …')).toBeUndefined();
  });

  it('the status page shows the step of a going run, with no changes and no time used yet, and marks it for the script', () => {
    const page = statusPage(view([going, lastPublished]));
    const item = page.slice(page.indexOf('data-run="3"'), page.indexOf('data-run="2"'));
    expect(item).toContain('data-state="running"');
    expect(item).toContain('<dt>No</dt><dd>Byggjer nettstaden … 12 s av om lag 18 s</dd>');
    expect(item).toContain('data-announce="Køyrer: byggjer nettstaden (køyringa onsdag 25. november kl. 14.00)"');
    expect(item).not.toContain('Tid brukt');
    expect(item).not.toContain('Endringar');
  });

  it('writes times in Oslo, also on the day summer time starts', () => {
    const page = statusPage(view([run({ id: 1, state: 'published', queuedAt: '2026-03-29T01:30:00.000Z', durationMs: 1000 })]));
    expect(page).toContain('søndag 29. mars kl. 03.30');
  });
});

describe('the page follows runs with its own script', () => {
  it('loads the script from the service (no inline script), and keeps a reload link for browsers without JavaScript', () => {
    const page = statusPage(view([going]));
    expect(page).toContain('<script src="/staff/status.js" defer=""></script>');
    expect(page).not.toMatch(/<script>/);
    expect(page).toMatch(/<noscript><p><a href="\/staff\/">Oppdater sida<\/a>/);
    expect(page).toContain('<p class="news" id="runs-news" aria-live="polite"></p>');
    expect(page).toMatch(/<div id="runs" data-follow="">/);
    // The preview follows too: «Opne førehandsvisinga» appears without a reload.
    expect(page).toMatch(/<div id="preview-now" data-follow="">/);
    expect(CSP).toContain("script-src 'self'");
    // The live channel is a connection to the service itself.
    expect(CSP).toContain("connect-src 'self'");
    expect(CSP).not.toContain('unsafe-inline');
  });

  it('names the version it shows, which the live channel compares (issue 34)', () => {
    expect(statusPage({ ...view([going]), version: 'abc-7' })).toContain('<main data-live-version="abc-7">');
    expect(statusPage(view([going]))).toContain('<main>');
  });

  it('the served script listens to the live channel, and writes only to the live region and the parts marked to follow', () => {
    const script = readFileSync('publisher/views/status-live.js', 'utf8');
    expect(script).toContain("'/staff/live'");
    expect(script).toContain('new EventSource(');
    expect(script).toContain("getElementById('runs-news')");
    expect(script).toContain('[data-follow]');
    // It moves the focus once, at load, to an action's result; never while following the runs.
    expect(script.match(/\.focus\(/g)).toEqual(['.focus(']);
    expect(script).toContain("getElementById('melding')?.focus()");
  });
});

describe('the pause after a rollback', () => {
  const freshness = (builtOn: string) => ({
    now: new Date(NOW).toISOString(),
    live: { release: '20261125T130500Z', builtAt: `${builtOn}T12:00:00.000Z`, builtOn, content: 'abc123def456', run: undefined },
    sources: [],
    schedule: {
      enabled: true as const,
      boxOfficeMinutes: 5,
      nextBoxOfficeCheckAt: '2026-11-25T13:15:00.000Z',
      nextDayBuildAt: '2026-11-25T23:00:00.000Z',
      nextDayBuildDay: '2026-11-26',
      paused: true,
    },
    warnings: [],
  });
  const paused = { since: '2026-11-25T12:00:00.000Z', by: 'Anne Aas', waiting: 0 };

  it('says the pause holds the day build too, and which day the pages show', () => {
    const today = statusPage(view([], { paused, freshness: freshness('2026-11-25') }));
    expect(today).toContain('Pausen held òg att dagsbygginga ved midnatt, så nettstaden blir ikkje bygd for ein ny dag før du trykkjer «Publiser att».');
    expect(today).toContain('Versjonen som er live no, vart bygd i dag; etter midnatt viser sidene framleis denne dagen som «I dag».');
    expect(today).toContain('Ingenting ventar enno.');
    expect(today).toContain('<dt>Neste synkronisering</dt><dd>På pause til nokon trykkjer «Publiser att» (elles kvart 5 minutt)</dd>');
    expect(today).not.toContain('onsdag 25. november kl. 14.15');
    const older = statusPage(view([], { paused: { ...paused, waiting: 2, causes: ['webhook', 'schedule'] }, freshness: freshness('2026-11-23') }));
    expect(older).toContain('Versjonen som er live no, vart bygd måndag 23. november, så sidene viser framleis den dagen som «I dag».');
    expect(older).toContain('2 køyringar ventar, sett i kø av publisering i CMS-et og tidsplan (synkronisering med billettsystemet).');
  });

  it('says nothing of it when publishing is not paused', () => {
    const page = statusPage(view([], { freshness: { ...freshness('2026-11-25'), schedule: { ...freshness('2026-11-25').schedule, paused: false } } }));
    expect(page).not.toContain('Pausen held òg att');
    expect(page).toContain('<dt>Neste dagsbygging</dt><dd>torsdag 26. november kl. 00.00</dd>');
  });
});

describe('named changes', () => {
  const named = {
    items: [{ text: 'Artikkel endra: Babysvømming', path: '/article/babysvomming' }, { text: 'Artikkel fjerna: <Gammal>' }],
    more: 3,
  };

  it('lists each record by its name, linked to its page on the live site, with a count of the rest', () => {
    const html = changesText({ kind: 'live', state: 'published', named }, 'https://www.kulturhuset-kaia.example');
    expect(html).toBe(
      '<ul><li><a href="https://www.kulturhuset-kaia.example/article/babysvomming">Artikkel endra: Babysvømming</a></li><li>Artikkel fjerna: &lt;Gammal&gt;</li><li>… og 3 til</li></ul>',
    );
  });

  it('links nothing for a preview, whose records are not on the live site', () => {
    expect(changesText({ kind: 'preview', state: 'published', named }, '')).not.toContain('<a ');
  });

  it('runs logged with counts only are told in nynorsk, not by collection ids', () => {
    const html = changesText({ kind: 'live', state: 'published', changes: [{ collection: 'articles', added: 0, changed: 1, removed: 0 }] });
    expect(html).toBe('<ul><li>Artiklar: 1 endra</li></ul>');
  });

  describe('from the content before and after a run', () => {
    let dir: string;
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('names records by their titles in the two content folders, keeping the first 20 and counting the rest', () => {
      dir = mkdtempSync(join(tmpdir(), 'kaia-named-'));
      const articles = (title: (n: number) => string) => Array.from({ length: 25 }, (_, n) => ({ id: `a${n}`, title: title(n), slug: `s${n}` }));
      for (const [folder, title] of [
        ['before', (n: number) => `Gammal ${n}`],
        ['after', (n: number) => (n === 0 ? 'Babysvømming' : `Ny ${n}`)],
      ] as const) {
        mkdirSync(join(dir, folder));
        writeFileSync(join(dir, folder, 'articles.json'), JSON.stringify(articles(title)));
      }
      const changes = [
        { collection: 'articles', total: 25, added: [], changed: articles(String).map((a) => a.id), removed: [] },
        { collection: 'events', total: 0, added: [], changed: [], removed: [] },
      ];
      const result = namedChangesOf(changes, join(dir, 'before'), join(dir, 'after'));
      expect(result?.items).toHaveLength(20);
      expect(result?.items[0]).toEqual({ text: 'Artikkel endra: Babysvømming', path: '/article/s0' });
      expect(result?.more).toBe(5);
      expect(namedChangesOf([changes[1]!], join(dir, 'before'), join(dir, 'after'))).toBeUndefined();
    });

    it('a malformed content file names its records by id', () => {
      dir = mkdtempSync(join(tmpdir(), 'kaia-named-'));
      writeFileSync(join(dir, 'articles.json'), '{not json');
      expect(namedChangesOf([{ collection: 'articles', total: 1, added: [], changed: ['a1'], removed: [] }], dir, dir)?.items).toEqual([
        { text: 'Artikkel endra: a1' },
      ]);
    });
  });
});

describe('the run log keeps the step and the named changes', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a stored run with malformed named changes loses them, and no run keeps a step after a restart', () => {
    dir = mkdtempSync(join(tmpdir(), 'kaia-runlog-'));
    const path = join(dir, 'runs.json');
    writeFileSync(
      path,
      JSON.stringify({
        runs: [
          { ...going, id: 2 },
          { ...lastPublished, id: 1, named: { items: [{ text: 'x', path: 'javascript:alert(1)' }], more: 0 } },
        ],
      }),
    );
    const log = new RunLog(path);
    expect(log.runs[0]?.step).toBeUndefined();
    expect(log.runs[0]?.state).toBe('failed');
    expect(log.runs[1]?.named).toBeUndefined();
  });

  it('the queue clears the step when a run ends and keeps what the run named', async () => {
    dir = mkdtempSync(join(tmpdir(), 'kaia-runlog-'));
    const log = new RunLog(join(dir, 'runs.json'));
    let seen: RunRecord['step'];
    const queue = new RunQueue(log, (record) => {
      record.step = { name: 'build', startedAt: new Date(NOW).toISOString() };
      seen = { ...record.step };
      record.state = 'published';
      record.named = { items: [{ text: 'Artikkel endra: Babysvømming', path: '/article/babysvomming' }], more: 0 };
      return Promise.resolve();
    });
    queue.request('live', 'webhook');
    await queue.settled();
    expect(seen?.name).toBe('build');
    const stored = JSON.parse(readFileSync(join(dir, 'runs.json'), 'utf8')) as { runs: RunRecord[] };
    expect(stored.runs[0]?.step).toBeUndefined();
    expect(stored.runs[0]?.named?.items[0]?.text).toBe('Artikkel endra: Babysvømming');
  });
});
