/**
 * When the publish service runs by itself: a box-office check every `PUBLISHER_SYNC_MINUTES`
 * (import, and build only when something changed) and a day build at 00:00 in Oslo (always
 * built: pages name today, tomorrow and the days of the programme). Plain functions of the
 * clock and of what the run log says happened, never of what the process remembers, so a
 * service that starts again after a stop knows at once what it missed:
 *
 * - the next box-office check is due one interval after the last check of the sources (any live
 *   run that got going: a box-office check, a day build, a webhook, staff); overdue means at once;
 * - a day build is due when no live build was made on today's Oslo day; it is at once when
 *   today's is missing (midnight just passed, or the service was down then), and after a day
 *   build that failed, at the next box-office check;
 * - a clock that steps back never builds a day twice (the latest day built is kept, and days
 *   only move forward) and never stalls the box-office check (a last check "in the future"
 *   means: check now);
 * - a clock that ran days ahead and was set right builds today once: a day built more than one
 *   day ahead counts as not built, and the build of today replaces it.
 *
 * Oslo's midnight comes from the EU summer-time rule in lib/format/time.ts, so both days the
 * clocks change have their midnight at the right instant.
 */
import { addDays, osloDay, osloOffsetMinutes } from '../../src/lib/format/time';
import type { RunRecord } from '../runs/run-record';

const MINUTE = 60_000;

/** What the schedule knows of the past; kept with the run log (see noteRun). */
export interface ScheduleHistory {
  /** When the sources were last checked: the start of the latest live run (ms since the epoch). */
  readonly lastCheckAt?: number;
  /** The latest Oslo day (YYYY-MM-DD) on which a live release was built and published. */
  readonly builtDay?: string;
  /** The latest day build (a forced build) that failed: the Oslo day it was for, and when. */
  readonly failedBuild?: { readonly day: string; readonly at: number };
}

/** The facts of a finished run the schedule learns from. */
export interface FinishedRun {
  readonly kind: 'live' | 'preview';
  /** A run that builds whatever the import found (day build, staff's «Bygg sida på nytt»). */
  readonly force: boolean;
  /** Rollbacks switch releases without checking the sources or building. */
  readonly checksSources: boolean;
  readonly state: 'published' | 'unchanged' | 'failed' | 'queued' | 'running';
  /** ISO time the run started; a run that never started taught nothing. */
  readonly startedAt?: string;
}

/** The facts the schedule learns from a run record. */
export const finishedRun = (run: RunRecord): FinishedRun => ({
  kind: run.kind,
  force: run.force === true,
  checksSources: run.trigger !== 'rollback',
  state: run.state,
  ...(run.startedAt ? { startedAt: run.startedAt } : {}),
});

/** The history after one more finished run. */
export function noteRun(history: ScheduleHistory, run: FinishedRun): ScheduleHistory {
  if (run.kind !== 'live' || !run.checksSources || !run.startedAt) return history;
  const at = Date.parse(run.startedAt);
  if (!Number.isFinite(at)) return history;
  const day = osloDay(new Date(at));
  const next: { -readonly [K in keyof ScheduleHistory]: ScheduleHistory[K] } = { ...history, lastCheckAt: at };
  if (run.state === 'published') {
    // Days only move forward: after the clock stepped back, the day built before still counts.
    // A day more than one ahead of this run's was written by a clock that was wrong (planSchedule
    // treats it as not built): this build replaces it, or every tick would build again.
    if (!history.builtDay || day > history.builtDay || clockWasAhead(history.builtDay, day)) next.builtDay = day;
    if (history.failedBuild && (history.failedBuild.day <= day || clockWasAhead(history.failedBuild.day, day))) delete next.failedBuild;
  } else if (run.force && run.state !== 'queued' && run.state !== 'running') {
    // A forced build that did not publish is tried again at the next box-office check, never in a loop.
    next.failedBuild = { day, at };
  }
  return next;
}

/**
 * Whether a recorded day is further ahead of `today` than a clock stepped back over midnight
 * explains: it was written while the clock ran days ahead, and counts as never built.
 */
export const clockWasAhead = (recorded: string, today: string) => recorded > addDays(today, 1);

/** The history told by a list of runs (newest first, as the run log keeps them). */
export function historyOf(runs: readonly FinishedRun[], start: ScheduleHistory = {}): ScheduleHistory {
  return [...runs].reverse().reduce(noteRun, start);
}

/** The instant of 00:00 in Oslo on a YYYY-MM-DD day. */
export function osloMidnight(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(utcMidnight)) throw new RangeError(`not a day: ${day}`);
  // Midnight in Oslo is never inside a clock change (those are at 02:00 and 03:00), so exactly
  // one of the two offsets reads back as itself.
  for (const offset of [120, 60]) {
    const candidate = utcMidnight - offset * MINUTE;
    if (osloOffsetMinutes(candidate) === offset) return candidate;
  }
  throw new Error(`no Oslo midnight on ${day}`);
}

export interface SchedulePlan {
  /** Today in Oslo. */
  readonly today: string;
  /** When the next box-office check is due (at or before now: due). */
  readonly nextBoxOfficeCheckAt: number;
  /** When the next day build is due, and the Oslo day it builds. */
  readonly nextDayBuildAt: number;
  readonly nextDayBuildDay: string;
  /** What is due now: the day build before the box-office check (it checks the sources too). */
  readonly due: 'day-build' | 'box-office' | undefined;
  /** Whether the live site was built on an earlier day than today, as far as the log knows. */
  readonly behind: boolean;
}

/** What is due at `now` after `history`, with a box-office check every `intervalMs`. */
export function planSchedule(now: number, history: ScheduleHistory, intervalMs: number): SchedulePlan {
  if (!(intervalMs > 0)) throw new RangeError('the box-office check interval must be positive');
  const today = osloDay(new Date(now));
  const last = history.lastCheckAt;
  // Never checked, or a last check "in the future" (the clock stepped back): check now.
  const nextBoxOfficeCheckAt = last === undefined || last > now ? now : last + intervalMs;
  // A day more than one ahead of today is not a step back of the clock but a clock that was
  // wrong; it must not stop the day builds until that day comes.
  const builtDay = history.builtDay && !clockWasAhead(history.builtDay, today) ? history.builtDay : undefined;
  const behind = !builtDay || builtDay < today;
  let nextDayBuildAt: number;
  let nextDayBuildDay: string;
  if (behind) {
    nextDayBuildDay = today;
    // A day build that failed today is tried again at the next box-office check, not in a loop.
    nextDayBuildAt = history.failedBuild?.day === today ? Math.max(nextBoxOfficeCheckAt, history.failedBuild.at + intervalMs) : now;
  } else {
    nextDayBuildDay = addDays(builtDay, 1);
    nextDayBuildAt = osloMidnight(nextDayBuildDay);
  }
  const due = nextDayBuildAt <= now ? 'day-build' : nextBoxOfficeCheckAt <= now ? 'box-office' : undefined;
  return { today, nextBoxOfficeCheckAt, nextDayBuildAt, nextDayBuildDay, due, behind };
}

/** A live run waiting or going in the queue. */
export interface PendingRun {
  readonly state: 'queued' | 'running';
  readonly force: boolean;
  readonly startedAt?: string;
}

/**
 * What the schedule should ask the queue for now, given what is already waiting or going:
 * nothing when a run already in hand does the job (the queue joins requests into the waiting
 * run in any case; this keeps the ticks from piling up requests).
 */
export function scheduleRequest(plan: SchedulePlan, pending: readonly PendingRun[]): 'day-build' | 'box-office' | undefined {
  if (plan.due === 'day-build') {
    // A forced run waiting will start now or later: today's or a later day. One going counts
    // only if it started today.
    const covered = pending.some((run) => run.force && (run.state === 'queued' || (run.startedAt !== undefined && osloDay(run.startedAt) === plan.today)));
    return covered ? undefined : 'day-build';
  }
  if (plan.due === 'box-office') return pending.length > 0 ? undefined : 'box-office';
  return undefined;
}

/** How long to sleep before looking again: until the next due time, but at most `maxMs` (the clock may jump). */
export function wakeDelay(now: number, plan: SchedulePlan, maxMs = MINUTE): number {
  return Math.max(0, Math.min(plan.nextBoxOfficeCheckAt - now, plan.nextDayBuildAt - now, maxMs));
}

/** PUBLISHER_SYNC_MINUTES as milliseconds (may be a fraction of a minute, for the demo). */
export const boxOfficeIntervalMs = (minutes: number) => Math.round(minutes * MINUTE);
