/**
 * How current the live site is, for the status page, `/status` and the chat notifications:
 * when each source was last asked and whether it answered, and the warnings staff must see in
 * plain words (nynorsk): the site was built on an earlier day than today in Oslo (its «I dag»
 * is wrong), or a source has not answered for over an hour. Plain functions of the clock.
 *
 * A warning has a key; the service keeps the keys it last notified about, so a warning gives
 * one notification when it starts and one when it ends, however many runs fail in between.
 */
import { dataErrorCollection } from '../../import/validate';
import { formatDayName, formatTime, osloDay } from '../../src/lib/format/time';
import { osloMidnight } from './schedule';

/** The three services the import asks (import/sources.ts). */
export type SourceKey = 'management' | 'boxOffice' | 'platform';
export const sourceKeys: readonly SourceKey[] = ['management', 'boxOffice', 'platform'];

/**
 * Names a source had in freshness.json before it got its own: the box office was 'runtime'
 * (after the platform's runtime API). A file written then is read as if written now, so an
 * update loses no source's history and notifies no warning twice.
 */
const formerSourceKeys: Readonly<Partial<Record<SourceKey, string>>> = { boxOffice: 'runtime' };

/** A warning key as kept in freshness.json, under today's source name ('source:runtime' is 'source:boxOffice'). */
export function currentWarningKey(key: string): string {
  const source = sourceKeys.find((name) => formerSourceKeys[name] !== undefined && key === `source:${formerSourceKeys[name]}`);
  return source ? `source:${source}` : key;
}

export const sourceNames: Record<SourceKey, string> = {
  management: 'CMS-et (artiklar og sideinnhald)',
  boxOffice: 'Billettsystemet (framsyningar og billettar)',
  platform: 'Plattforma (filmar og produksjonar)',
};

/** Which source each download of the import (import/sources.ts `downloads`) comes from. */
export const sourceOfDownload: Record<string, SourceKey> = {
  articles: 'management',
  blockData: 'management',
  events: 'boxOffice',
  sites: 'platform',
  productions: 'platform',
};

/**
 * The source whose answer a data error of the import names (`events: record "…" …`,
 * import/validate.ts dataErrorCollection): it answered, but with what the site cannot use,
 * which counts as not answering. Undefined for any other failure.
 */
export function sourceOfDataError(detail: string): SourceKey | undefined {
  const collection = dataErrorCollection(detail);
  if (!collection) return undefined;
  return collection === 'events' ? 'boxOffice' : collection === 'productions' || collection === 'sites' ? 'platform' : 'management';
}

/** What is known of one source. Times are ms since the epoch. */
export interface SourceCheck {
  /** When it was last asked. */
  readonly checkedAt?: number;
  /** When it last answered well. */
  readonly answeredAt?: number;
  /** Since when it has failed, every time it was asked (unset while it answers). */
  readonly failingSince?: number;
  /** The last failure's technical message. */
  readonly error?: string;
  /** The last failure was an answer with data the site cannot use (not a missing answer). */
  readonly invalid?: boolean;
}

export type SourceChecks = Partial<Record<SourceKey, SourceCheck>>;

/** The checks after a source answered (`error` undefined) or failed at `at` (`invalid`: it answered garbage). */
export function noteSource(checks: SourceChecks, key: SourceKey, at: number, error?: string, invalid = false): SourceChecks {
  const previous = checks[key] ?? {};
  const next: SourceCheck =
    error === undefined
      ? { checkedAt: at, answeredAt: at }
      : {
          checkedAt: at,
          ...(previous.answeredAt !== undefined ? { answeredAt: previous.answeredAt } : {}),
          failingSince: previous.failingSince ?? at,
          error,
          ...(invalid ? { invalid } : {}),
        };
  return { ...checks, [key]: next };
}

/**
 * Reads the checks kept in the state folder; anything malformed is treated as never checked. A
 * source kept under its former name (formerSourceKeys) is read under today's.
 */
export function parseSourceChecks(value: unknown): SourceChecks {
  const checks: { [K in SourceKey]?: SourceCheck } = {};
  if (!value || typeof value !== 'object') return checks;
  const stored = value as Record<string, unknown>;
  for (const key of sourceKeys) {
    const former = formerSourceKeys[key];
    const raw = (stored[key] ?? (former === undefined ? undefined : stored[former])) as Record<string, unknown> | undefined;
    if (!raw || typeof raw !== 'object') continue;
    const time = (name: string) => (typeof raw[name] === 'number' && Number.isFinite(raw[name]) ? { [name]: raw[name] } : {});
    checks[key] = {
      ...time('checkedAt'),
      ...time('answeredAt'),
      ...time('failingSince'),
      ...(typeof raw['error'] === 'string' ? { error: raw['error'] } : {}),
      ...(raw['invalid'] === true ? { invalid: true } : {}),
    };
  }
  return checks;
}

export const SOURCE_SILENCE_MS = 60 * 60_000;

export interface Warning {
  /** Stable while the same problem lasts: 'behind', 'source:boxOffice'. */
  readonly key: string;
  /** What staff read, in nynorsk. */
  readonly text: string;
  /**
   * Whether it is worth a chat message: not in the minutes after midnight while the day build
   * is under way (that would be two messages every night), but once it failed or is late.
   */
  readonly notify: boolean;
}

/** How long after midnight a site still built yesterday is the day build at work, not a problem. */
export const DAY_BUILD_GRACE_MS = 30 * 60_000;

export interface FreshnessFacts {
  /** When the live release was built (its start), if one is live. */
  readonly liveBuiltAt: number | undefined;
  readonly sources: SourceChecks;
  /** Why the last day build failed, when the latest one did (nynorsk), and when the next try is. */
  readonly dayBuildFailure?: { readonly reason: string; readonly retryAt: number };
  /** Automatic publishing paused by a rollback (runs/pause.ts): since when and by whom; the day build waits too. */
  readonly paused?: { readonly since: number; readonly by: string };
}

/** 'tysdag 24. november kl. 19.00', Oslo time. */
const moment = (at: number) => `${formatDayName(osloDay(new Date(at)))} kl. ${formatTime(new Date(at))}`;

/** The warnings that hold at `now`, most serious first. */
export function freshnessWarnings(now: number, facts: FreshnessFacts): Warning[] {
  const warnings: Warning[] = [];
  const today = osloDay(new Date(now));
  if (facts.liveBuiltAt !== undefined && osloDay(new Date(facts.liveBuiltAt)) < today) {
    const built = osloDay(new Date(facts.liveBuiltAt));
    const yesterday = osloDay(new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000)) === built;
    let text = `Nettstaden viser framleis ${yesterday ? 'gårsdagen' : formatDayName(built)}: han vart sist bygd ${moment(facts.liveBuiltAt)}, så «I dag» og programmet på sidene følgjer ikkje dagen i dag.`;
    text += facts.paused
      ? ` Automatisk publisering står på pause sidan ${moment(facts.paused.since)}, då ${facts.paused.by} gjekk tilbake til ein eldre versjon, og pausen held òg att dagsbygginga. Trykk «Publiser att» når nettstaden kan byggjast for i dag.`
      : facts.dayBuildFailure
        ? ` Dagsbygginga feila: ${facts.dayBuildFailure.reason} Ho blir prøvd igjen ved neste synkronisering, kl. ${formatTime(new Date(facts.dayBuildFailure.retryAt))}.`
        : ' Dagsbygginga skal byggje sida på nytt no.';
    // A site built yesterday is the day build at work for a while after midnight; one built before
    // was behind already before midnight, and the warning goes on without a break.
    const notify = facts.dayBuildFailure !== undefined || !yesterday || now - osloMidnight(today) > DAY_BUILD_GRACE_MS;
    warnings.push({ key: 'behind', text, notify });
  }
  for (const key of sourceKeys) {
    const check = facts.sources[key];
    if (check?.failingSince === undefined) continue;
    const silentSince = check.answeredAt ?? check.failingSince;
    if (now - silentSince <= SOURCE_SILENCE_MS) continue;
    const since = check.answeredAt !== undefined ? `sidan ${moment(check.answeredAt)}` : `sidan det første forsøket ${moment(check.failingSince)}`;
    const what = check.invalid ? 'har ikkje sendt data nettstaden kan bruke' : 'har ikkje svart';
    warnings.push({
      key: `source:${key}`,
      text: `${sourceNames[key]} ${what} ${since} (over ein time). Nettstaden viser det som sist vart henta; kvar synkronisering prøver igjen.`,
      notify: true,
    });
  }
  return warnings;
}

/**
 * What to notify about: warnings worth a message that started since the keys last notified, and
 * notified keys no longer worth one. The caller keeps `notifiedKeys(current)` for next time.
 */
export function alertChanges(notified: readonly string[], current: readonly Warning[]): { started: Warning[]; ended: string[] } {
  const now = new Set(notifiedKeys(current));
  return { started: current.filter((warning) => warning.notify && !notified.includes(warning.key)), ended: notified.filter((key) => !now.has(key)) };
}

export const notifiedKeys = (current: readonly Warning[]) => current.filter((warning) => warning.notify).map((warning) => warning.key);

/** The text of the notification that a warning ended, in nynorsk. */
export function endedText(key: string): string {
  if (key === 'behind') return 'Nettstaden er bygd for i dag igjen.';
  const source = key.startsWith('source:') ? sourceNames[key.slice('source:'.length) as SourceKey] : undefined;
  return source ? `${source} svarar igjen.` : 'Åtvaringa gjeld ikkje lenger.';
}
