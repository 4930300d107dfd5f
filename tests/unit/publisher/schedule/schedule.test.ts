/**
 * The publish service's schedule (publisher/schedule/schedule.ts) on a fake clock: the box-office check
 * every interval, the day build at 00:00 in Oslo on ordinary days and on the two days the
 * clocks change, catching up after downtime from what the run log says, and clocks that step
 * back never building a day twice.
 */
import { describe, expect, it } from 'vitest';
import {
  historyOf,
  noteRun,
  osloMidnight,
  planSchedule,
  scheduleRequest,
  wakeDelay,
  type FinishedRun,
  type ScheduleHistory,
  type SchedulePlan,
} from '../../../../publisher/schedule/schedule';

const MIN = 60_000;
const INTERVAL = 5 * MIN;
const at = (iso: string) => Date.parse(iso);
const run = (startedAt: string, state: FinishedRun['state'], more: Partial<FinishedRun> = {}): FinishedRun => ({
  kind: 'live',
  force: false,
  checksSources: true,
  state,
  startedAt,
  ...more,
});

/**
 * Plays the service on a fake clock from `from` to `to` as it runs: it sleeps as wakeDelay says,
 * whatever is due runs at once and takes `runMs`, and `outcome` says how it ends. Returns the
 * runs, oldest first.
 */
function simulate(
  from: string,
  to: string,
  history: ScheduleHistory,
  {
    runMs = 30_000,
    outcome = (): FinishedRun['state'] => 'unchanged',
  }: { runMs?: number; outcome?: (kind: 'day-build' | 'box-office', now: number) => FinishedRun['state'] } = {},
) {
  const runs: { kind: 'day-build' | 'box-office'; at: string; state: FinishedRun['state'] }[] = [];
  let now = at(from);
  let state = history;
  while (now <= at(to)) {
    const plan = planSchedule(now, state, INTERVAL);
    const request = scheduleRequest(plan, []);
    if (request) {
      const ended = outcome(request, now);
      // A day build always builds: it is never «unchanged».
      const result = request === 'day-build' && ended === 'unchanged' ? 'published' : ended;
      runs.push({ kind: request, at: new Date(now).toISOString(), state: result });
      state = noteRun(state, run(new Date(now).toISOString(), result, { force: request === 'day-build' }));
      now += runMs;
    } else now += Math.max(1, wakeDelay(now, plan));
  }
  return { runs, history: state };
}

describe("Oslo's midnight", () => {
  it('is 23:00 UTC in winter and 22:00 UTC in summer', () => {
    expect(new Date(osloMidnight('2026-11-25')).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(new Date(osloMidnight('2026-07-01')).toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('falls right on the days the clocks change and the days after', () => {
    // 29 March 2026: clocks go forward at 02:00; that day starts in winter time.
    expect(new Date(osloMidnight('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(osloMidnight('2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // 25 October 2026: clocks go back at 03:00; that day starts in summer time.
    expect(new Date(osloMidnight('2026-10-25')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(new Date(osloMidnight('2026-10-26')).toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('refuses what is not a day', () => {
    expect(() => osloMidnight('i morgon')).toThrow(RangeError);
  });
});

describe('the box-office check', () => {
  const history = noteRun({ builtDay: '2026-11-25' }, run('2026-11-25T12:00:00Z', 'unchanged'));

  it('is due one interval after the last check, not before', () => {
    expect(planSchedule(at('2026-11-25T12:04:59Z'), history, INTERVAL)).toMatchObject({ due: undefined, nextBoxOfficeCheckAt: at('2026-11-25T12:05:00Z') });
    expect(planSchedule(at('2026-11-25T12:05:00Z'), history, INTERVAL).due).toBe('box-office');
  });

  it('counts any live run as a check (a webhook, staff), but not a preview or a rollback', () => {
    const webhook = noteRun(history, run('2026-11-25T12:03:00Z', 'published'));
    expect(planSchedule(at('2026-11-25T12:06:00Z'), webhook, INTERVAL).due).toBeUndefined();
    const preview = noteRun(history, run('2026-11-25T12:03:00Z', 'published', { kind: 'preview' }));
    const rollback = noteRun(history, run('2026-11-25T12:03:00Z', 'published', { checksSources: false }));
    expect(planSchedule(at('2026-11-25T12:05:00Z'), preview, INTERVAL).due).toBe('box-office');
    expect(planSchedule(at('2026-11-25T12:05:00Z'), rollback, INTERVAL).due).toBe('box-office');
  });

  it('runs at once when a service starts long after its last check, and then every interval', () => {
    const { runs } = simulate('2026-11-25T15:00:00Z', '2026-11-25T15:20:00Z', history);
    expect(runs.map((entry) => entry.at)).toEqual([
      '2026-11-25T15:00:00.000Z',
      '2026-11-25T15:05:00.000Z',
      '2026-11-25T15:10:00.000Z',
      '2026-11-25T15:15:00.000Z',
      '2026-11-25T15:20:00.000Z',
    ]);
  });

  it('runs at once, once, when the clock stepped back behind the last check', () => {
    const { runs } = simulate('2026-11-25T11:00:00Z', '2026-11-25T11:09:00Z', history);
    expect(runs.map((entry) => entry.at)).toEqual(['2026-11-25T11:00:00.000Z', '2026-11-25T11:05:00.000Z']);
  });

  it('is never checked at all on a fresh service: at once', () => {
    expect(planSchedule(at('2026-11-25T12:00:00Z'), { builtDay: '2026-11-25' }, INTERVAL).due).toBe('box-office');
  });
});

describe('the day build', () => {
  it('runs at 00:00 in Oslo on an ordinary day, once, and box-office checks go on around it', () => {
    const start = noteRun({}, run('2026-11-24T22:40:00Z', 'published'));
    const { runs } = simulate('2026-11-24T22:41:00Z', '2026-11-24T23:12:00Z', start, { runMs: 20_000 });
    expect(runs.filter((entry) => entry.kind === 'day-build').map((entry) => entry.at)).toEqual(['2026-11-24T23:00:00.000Z']);
    // The day build checked the sources too: the next box-office check is an interval after it.
    expect(runs.map((entry) => `${entry.kind} ${entry.at.slice(11, 16)}`)).toEqual([
      'box-office 22:45',
      'box-office 22:50',
      'box-office 22:55',
      'day-build 23:00',
      'box-office 23:05',
      'box-office 23:10',
    ]);
  });

  it('runs at Oslo midnight on the day the clocks go forward and the day they go back', () => {
    for (const [before, midnight] of [
      ['2026-03-28T22:50:00Z', '2026-03-28T23:00:00.000Z'], // 29 March starts in winter time
      ['2026-03-29T21:50:00Z', '2026-03-29T22:00:00.000Z'], // 30 March, the first midnight in summer time
      ['2026-10-24T21:50:00Z', '2026-10-24T22:00:00.000Z'], // 25 October starts in summer time
      ['2026-10-25T22:50:00Z', '2026-10-25T23:00:00.000Z'], // 26 October, back in winter time
    ]) {
      const start = noteRun({}, run(before!, 'published'));
      const { runs } = simulate(before!, new Date(at(before!) + 40 * MIN).toISOString(), start);
      expect(runs.filter((entry) => entry.kind === 'day-build').map((entry) => entry.at)).toEqual([midnight]);
    }
  });

  it('runs across a whole day the clocks change exactly twice: the midnights at each end', () => {
    const start = noteRun({}, run('2026-10-24T21:00:00Z', 'published'));
    const { runs } = simulate('2026-10-24T21:01:00Z', '2026-10-25T23:30:00Z', start);
    expect(runs.filter((entry) => entry.kind === 'day-build').map((entry) => entry.at)).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
  });

  it('runs once at start when the service was down at midnight, then at the next midnight', () => {
    // Built on 24 November at 20:00 Oslo; down from 21:00 until 09:30 on the 25th.
    const history = historyOf([run('2026-11-24T20:00:00Z', 'unchanged'), run('2026-11-24T19:00:00Z', 'published')]);
    const plan = planSchedule(at('2026-11-25T08:30:00Z'), history, INTERVAL);
    expect(plan).toMatchObject({ due: 'day-build', today: '2026-11-25', behind: true, nextDayBuildDay: '2026-11-25' });
    const { runs } = simulate('2026-11-25T08:30:00Z', '2026-11-25T23:10:00Z', history);
    expect(runs.filter((entry) => entry.kind === 'day-build').map((entry) => entry.at)).toEqual(['2026-11-25T08:30:00.000Z', '2026-11-25T23:00:00.000Z']);
  });

  it('is not needed when a webhook or staff already built today, and then waits for the next midnight', () => {
    const history = historyOf([run('2026-11-25T06:00:00Z', 'published'), run('2026-11-24T19:00:00Z', 'published')]);
    const plan = planSchedule(at('2026-11-25T08:30:00Z'), history, INTERVAL);
    expect(plan).toMatchObject({ behind: false, nextDayBuildDay: '2026-11-26', nextDayBuildAt: at('2026-11-25T23:00:00Z') });
    expect(plan.due).toBe('box-office');
  });

  it('never runs twice for a day when the clock steps back over midnight', () => {
    // Built at 00:00:10 on 25 November; then the clock is put back ten minutes.
    const history = noteRun({}, run('2026-11-24T23:00:10Z', 'published', { force: true }));
    const { runs } = simulate('2026-11-24T22:50:10Z', '2026-11-24T23:20:00Z', history);
    expect(runs.filter((entry) => entry.kind === 'day-build')).toEqual([]);
    // And the next midnight is still built.
    expect(planSchedule(at('2026-11-25T23:00:00Z'), history, INTERVAL).due).toBe('day-build');
  });

  it('never runs twice for a day when a webhook publishes in the minutes the clock went back', () => {
    const history = historyOf([
      run('2026-11-24T22:55:00Z', 'published'), // 23:55 on the 24th by the stepped-back clock
      run('2026-11-24T23:00:10Z', 'published', { force: true }), // the day build of the 25th
    ]);
    expect(history.builtDay).toBe('2026-11-25');
    expect(planSchedule(at('2026-11-24T23:00:00Z'), history, INTERVAL).due).not.toBe('day-build');
  });

  it('is not stopped for months by a clock that was once far ahead', () => {
    const history = noteRun({}, run('2027-06-01T10:00:00Z', 'published'));
    expect(planSchedule(at('2026-11-25T10:00:00Z'), history, INTERVAL)).toMatchObject({ due: 'day-build', behind: true });
  });

  it('builds today once when a clock that ran two days ahead is set right, and then waits for midnight', () => {
    // Built on 24 November; the clock runs two days ahead for a while (a day build for the 26th).
    const before = historyOf([run('2026-11-24T09:00:00Z', 'published')]);
    const ahead = simulate('2026-11-26T10:00:00Z', '2026-11-26T10:30:00Z', before, { outcome: () => 'published' });
    expect(ahead.runs.filter((entry) => entry.kind === 'day-build')).toHaveLength(1);
    expect(ahead.history.builtDay).toBe('2026-11-26');
    // Set right again: one day build for the 24th, whatever the ticks, and no other until midnight.
    const after = simulate('2026-11-24T10:31:00Z', '2026-11-24T22:59:59Z', ahead.history);
    expect(after.runs.filter((entry) => entry.kind === 'day-build').map((entry) => entry.at)).toEqual(['2026-11-24T10:31:00.000Z']);
    expect(after.history.builtDay).toBe('2026-11-24');
    const midnight = simulate('2026-11-24T23:00:00Z', '2026-11-25T01:00:00Z', after.history);
    expect(midnight.runs.filter((entry) => entry.kind === 'day-build').map((entry) => entry.at)).toEqual(['2026-11-24T23:00:00.000Z']);
  });

  it('builds today once after a seven-month jump of the clock is set right', () => {
    const before = historyOf([run('2026-11-24T09:00:00Z', 'published')]);
    const ahead = simulate('2027-06-24T10:00:00Z', '2027-06-24T10:05:00Z', before, { outcome: () => 'published' });
    expect(ahead.history.builtDay).toBe('2027-06-24');
    const after = simulate('2026-11-24T10:06:00Z', '2026-11-24T22:59:59Z', ahead.history);
    expect(after.runs.filter((entry) => entry.kind === 'day-build')).toHaveLength(1);
    expect(after.runs.length).toBeGreaterThan(100); // the box-office checks went on every five minutes
  });

  it('forgets a failed day build that a clock running ahead recorded, once today is built', () => {
    const history = noteRun(
      { builtDay: '2026-11-24', failedBuild: { day: '2027-06-24', at: at('2027-06-24T10:00:00Z') } },
      run('2026-11-25T10:00:00Z', 'published', { force: true }),
    );
    expect(history).toMatchObject({ builtDay: '2026-11-25' });
    expect(history.failedBuild).toBeUndefined();
  });

  it('is tried again at the next box-office check after it failed, never in a loop, and says the site is behind', () => {
    const history = historyOf([run('2026-11-24T19:00:00Z', 'published')]);
    let failures = 0;
    const { runs } = simulate('2026-11-24T23:00:00Z', '2026-11-24T23:16:00Z', history, {
      outcome: (kind) => (kind === 'box-office' ? 'unchanged' : failures++ < 2 ? 'failed' : 'published'),
    });
    expect(runs.map((entry) => `${entry.kind} ${entry.at.slice(11, 19)} ${entry.state}`)).toEqual([
      'day-build 23:00:00 failed',
      'day-build 23:05:00 failed',
      'day-build 23:10:00 published',
      'box-office 23:15:00 unchanged',
    ]);
    const failed = historyOf([run('2026-11-24T23:00:00Z', 'failed', { force: true }), run('2026-11-24T19:00:00Z', 'published')]);
    expect(planSchedule(at('2026-11-24T23:01:00Z'), failed, INTERVAL)).toMatchObject({
      due: undefined,
      behind: true,
      nextDayBuildAt: at('2026-11-24T23:05:00Z'),
    });
  });
});

describe('asking the queue', () => {
  const plan = (due: SchedulePlan['due']): SchedulePlan => ({
    ...planSchedule(at('2026-11-25T12:00:00Z'), { builtDay: '2026-11-25' }, INTERVAL),
    due,
    today: '2026-11-25',
  });

  it('asks for nothing while a run is waiting or going: it will check the sources', () => {
    expect(scheduleRequest(plan('box-office'), [{ state: 'queued', force: false }])).toBeUndefined();
    expect(scheduleRequest(plan('box-office'), [{ state: 'running', force: false, startedAt: '2026-11-25T11:59:00Z' }])).toBeUndefined();
    expect(scheduleRequest(plan('box-office'), [])).toBe('box-office');
  });

  it('asks for the day build unless a forced build that covers today is in hand', () => {
    // A waiting webhook run gets the day build joined to it (the queue makes it a forced build).
    expect(scheduleRequest(plan('day-build'), [{ state: 'queued', force: false }])).toBe('day-build');
    expect(scheduleRequest(plan('day-build'), [{ state: 'queued', force: true }])).toBeUndefined();
    // A build that started yesterday, before midnight, does not cover today.
    expect(scheduleRequest(plan('day-build'), [{ state: 'running', force: true, startedAt: '2026-11-24T22:59:00Z' }])).toBe('day-build');
    expect(scheduleRequest(plan('day-build'), [{ state: 'running', force: true, startedAt: '2026-11-24T23:00:01Z' }])).toBeUndefined();
  });

  it('sleeps until the next due time, at most a minute', () => {
    const history: ScheduleHistory = { builtDay: '2026-11-25', lastCheckAt: at('2026-11-25T12:00:00Z') };
    expect(wakeDelay(at('2026-11-25T12:04:30Z'), planSchedule(at('2026-11-25T12:04:30Z'), history, INTERVAL))).toBe(30_000);
    expect(wakeDelay(at('2026-11-25T12:01:00Z'), planSchedule(at('2026-11-25T12:01:00Z'), history, INTERVAL))).toBe(MIN);
    expect(wakeDelay(at('2026-11-25T12:06:00Z'), planSchedule(at('2026-11-25T12:06:00Z'), history, INTERVAL))).toBe(0);
  });
});
