/**
 * Freshness (publisher/schedule/freshness.ts): the warnings staff see when the live site was built on an
 * earlier Oslo day or a source has been silent for over an hour, and one notification when a
 * warning starts and one when it ends, however many runs fail in between.
 */
import { describe, expect, it } from 'vitest';
import {
  alertChanges,
  endedText,
  freshnessWarnings,
  noteSource,
  notifiedKeys,
  parseSourceChecks,
  sourceOfDataError,
  type SourceChecks,
} from '../../../../publisher/schedule/freshness';

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;

describe('source checks', () => {
  it('remember the last answer and since when a source has failed', () => {
    let checks: SourceChecks = {};
    checks = noteSource(checks, 'boxOffice', at('2026-11-25T10:00:00Z'));
    checks = noteSource(checks, 'boxOffice', at('2026-11-25T10:05:00Z'), 'timeout of 500ms exceeded');
    checks = noteSource(checks, 'boxOffice', at('2026-11-25T10:10:00Z'), 'Network Error');
    expect(checks.boxOffice).toEqual({
      checkedAt: at('2026-11-25T10:10:00Z'),
      answeredAt: at('2026-11-25T10:00:00Z'),
      failingSince: at('2026-11-25T10:05:00Z'),
      error: 'Network Error',
    });
    checks = noteSource(checks, 'boxOffice', at('2026-11-25T10:15:00Z'));
    expect(checks.boxOffice).toEqual({ checkedAt: at('2026-11-25T10:15:00Z'), answeredAt: at('2026-11-25T10:15:00Z') });
  });

  it('read back from the state folder, malformed parts treated as never checked', () => {
    expect(parseSourceChecks({ boxOffice: { checkedAt: 5, answeredAt: 'x', error: 3 }, platform: 7, other: {} })).toEqual({ boxOffice: { checkedAt: 5 } });
    expect(parseSourceChecks('nonsense')).toEqual({});
  });
});

describe('warnings', () => {
  const now = at('2026-11-25T11:00:00Z'); // 12.00 on Wednesday 25 November in Oslo

  it('none while the site was built today and every source answers', () => {
    const sources = noteSource({}, 'boxOffice', now - MIN);
    expect(freshnessWarnings(now, { liveBuiltAt: at('2026-11-24T23:00:05Z'), sources })).toEqual([]);
  });

  it('says plainly the site still shows yesterday, and when the failed day build is tried again', () => {
    const [warning] = freshnessWarnings(now, {
      liveBuiltAt: at('2026-11-24T18:00:00Z'),
      sources: {},
      dayBuildFailure: { reason: 'Nettstaden kunne ikkje byggjast av det nye innhaldet.', retryAt: at('2026-11-25T11:05:00Z') },
    });
    expect(warning).toMatchObject({ key: 'behind', notify: true });
    expect(warning?.text).toContain('Nettstaden viser framleis gårsdagen: han vart sist bygd tysdag 24. november kl. 19.00');
    expect(warning?.text).toContain(
      'Dagsbygginga feila: Nettstaden kunne ikkje byggjast av det nye innhaldet. Ho blir prøvd igjen ved neste synkronisering, kl. 12.05.',
    );
  });

  it('names the day when the site is older than yesterday', () => {
    const [warning] = freshnessWarnings(now, { liveBuiltAt: at('2026-11-22T18:00:00Z'), sources: {} });
    expect(warning?.text).toMatch(/^Nettstaden viser framleis søndag 22\. november:/);
  });

  it('counts Oslo days, not UTC days: 00.30 in Oslo is a new day', () => {
    const built = at('2026-11-24T22:00:00Z'); // 23.00 on the 24th in Oslo
    expect(freshnessWarnings(at('2026-11-24T22:59:00Z'), { liveBuiltAt: built, sources: {} })).toEqual([]);
    expect(freshnessWarnings(at('2026-11-24T23:30:00Z'), { liveBuiltAt: built, sources: {} }).map((w) => w.key)).toEqual(['behind']);
  });

  it('is shown at once after midnight, but worth a message only once the day build is late or failed', () => {
    const built = at('2026-11-24T18:00:00Z');
    const warn = (iso: string) => freshnessWarnings(at(iso), { liveBuiltAt: built, sources: {} })[0]?.notify;
    expect(warn('2026-11-24T23:01:00Z')).toBe(false);
    expect(warn('2026-11-24T23:29:00Z')).toBe(false);
    expect(warn('2026-11-24T23:31:00Z')).toBe(true);
  });

  it('stays worth a message across the next midnight when the site was behind already (no end and new start)', () => {
    const built = at('2026-11-23T18:00:00Z'); // Monday; behind since Tuesday
    const warn = (iso: string) => freshnessWarnings(at(iso), { liveBuiltAt: built, sources: {} })[0]?.notify;
    expect(warn('2026-11-24T23:31:00Z')).toBe(true);
    expect(warn('2026-11-25T23:00:00Z')).toBe(true); // midnight going into Thursday
    expect(warn('2026-11-25T23:10:00Z')).toBe(true);
  });

  it('says, while publishing is paused, that the pause holds the day build and how to end it', () => {
    const [warning] = freshnessWarnings(now, {
      liveBuiltAt: at('2026-11-24T18:00:00Z'),
      sources: {},
      paused: { since: at('2026-11-24T20:15:00Z'), by: 'Anne Aas' },
      dayBuildFailure: { reason: 'Gammal feil.', retryAt: now },
    });
    expect(warning?.text).toBe(
      'Nettstaden viser framleis gårsdagen: han vart sist bygd tysdag 24. november kl. 19.00, så «I dag» og programmet på sidene følgjer ikkje dagen i dag. Automatisk publisering står på pause sidan tysdag 24. november kl. 21.15, då Anne Aas gjekk tilbake til ein eldre versjon, og pausen held òg att dagsbygginga. Trykk «Publiser att» når nettstaden kan byggjast for i dag.',
    );
  });

  it('warns of a source silent for over an hour, not before', () => {
    let sources = noteSource({}, 'boxOffice', now - 70 * MIN);
    sources = noteSource(sources, 'boxOffice', now - 65 * MIN, 'Network Error');
    sources = noteSource(sources, 'boxOffice', now - 5 * MIN, 'Network Error');
    sources = noteSource(sources, 'management', now - 50 * MIN, 'status code 503');
    const warnings = freshnessWarnings(now, { liveBuiltAt: now - 2 * MIN, sources });
    expect(warnings.map((w) => w.key)).toEqual(['source:boxOffice']);
    expect(warnings[0]?.text).toBe(
      'Billettsystemet (framsyningar og billettar) har ikkje svart sidan onsdag 25. november kl. 10.50 (over ein time). Nettstaden viser det som sist vart henta; kvar synkronisering prøver igjen.',
    );
  });

  it('says of a source that has answered garbage for over an hour that its data cannot be used', () => {
    let sources = noteSource({}, 'boxOffice', now - 70 * MIN);
    sources = noteSource(sources, 'boxOffice', now - 65 * MIN, 'events: record "ev-1" (number 1): field startTime: Invalid', true);
    expect(sources.boxOffice).toMatchObject({ failingSince: now - 65 * MIN, invalid: true });
    expect(parseSourceChecks(JSON.parse(JSON.stringify(sources)))).toEqual(sources);
    expect(freshnessWarnings(now, { liveBuiltAt: now - 2 * MIN, sources })[0]?.text).toMatch(
      /^Billettsystemet \(framsyningar og billettar\) har ikkje sendt data nettstaden kan bruke sidan onsdag 25\. november kl\. 10\.50 \(over ein time\)/,
    );
    // Once it answers well again, the garbage is forgotten.
    expect(noteSource(sources, 'boxOffice', now).boxOffice).toEqual({ checkedAt: now, answeredAt: now });
  });

  it('warns of a source that never answered since its first try over an hour ago', () => {
    const sources = noteSource({}, 'platform', now - 61 * MIN, 'status code 401');
    expect(freshnessWarnings(now, { liveBuiltAt: undefined, sources })[0]?.text).toMatch(
      /^Plattforma \(filmar og produksjonar\) har ikkje svart sidan det første forsøket/,
    );
  });
});

describe('data errors', () => {
  it('are put on the source whose answer the import refused', () => {
    expect(sourceOfDataError('events: record "ev-1" (number 1): field startTime: Invalid datetime')).toBe('boxOffice');
    expect(sourceOfDataError('articles: record "art-1" (number 1): field title: Expected string')).toBe('management');
    expect(sourceOfDataError('block-data: record "b-1": field html: Required')).toBe('management');
    expect(sourceOfDataError('productions: record "p-1": field title: Required')).toBe('platform');
    expect(sourceOfDataError('sites: the platform has no site "kaia" (KAIA_SITE_ID)')).toBe('platform');
    expect(sourceOfDataError('Fetching events failed after 4 tries: status code 503')).toBeUndefined();
    expect(sourceOfDataError('Build failed: events: something')).toBeUndefined();
  });
});

describe('notifications', () => {
  it('one when a warning starts and one when it ends, none while it lasts', () => {
    const behind = { key: 'behind', text: '…', notify: true };
    const early = { ...behind, notify: false };
    let notified: string[] = [];
    const sent: string[] = [];
    for (const current of [[], [early], [behind], [behind], [behind], [], [early], []]) {
      const { started, ended } = alertChanges(notified, current);
      sent.push(...started.map((w) => `start ${w.key}`), ...ended.map((key) => `end ${key}`));
      notified = notifiedKeys(current);
    }
    expect(sent).toEqual(['start behind', 'end behind']);
    expect(endedText('behind')).toBe('Nettstaden er bygd for i dag igjen.');
    expect(endedText('source:boxOffice')).toBe('Billettsystemet (framsyningar og billettar) svarar igjen.');
  });
});
