/**
 * freshness.json in the state folder: what the schedule keeps beside the run log (its history,
 * each source's last answer, the warnings last notified). Each part is read on its own, so one
 * bad part does not lose the others; a malformed file counts as absent (and is named in the log).
 * A file from before the box office had its name ('runtime' for its source and warning) reads
 * as if written today (freshness.ts formerSourceKeys).
 */
import { z } from 'astro/zod';
import { readStateFile, writeStateFile, type StateLog } from '../../release/state-file';
import { currentWarningKey, parseSourceChecks, type SourceChecks } from './freshness';
import type { ScheduleHistory } from './schedule';

export interface FreshnessState {
  schedule: ScheduleHistory;
  sources: SourceChecks;
  notified: string[];
}

const freshnessFile = z.object({ schedule: z.unknown(), sources: z.unknown(), notified: z.unknown() }).partial();

/** The state kept at `path`; without a stored history, the one `historyElse` tells. */
export function readFreshnessFile(path: string, log: StateLog, historyElse: () => ScheduleHistory): FreshnessState {
  const raw: Partial<Record<keyof FreshnessState, unknown>> = readStateFile(path, freshnessFile, log) ?? {};
  return {
    schedule: parseHistory(raw.schedule) ?? historyElse(),
    sources: parseSourceChecks(raw.sources),
    notified: Array.isArray(raw.notified) ? raw.notified.filter((key): key is string => typeof key === 'string').map(currentWarningKey) : [],
  };
}

export function writeFreshnessFile(path: string, state: FreshnessState): void {
  writeStateFile(path, state);
}

function parseHistory(value: unknown): ScheduleHistory | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  const history: { -readonly [K in keyof ScheduleHistory]: ScheduleHistory[K] } = {};
  if (typeof raw['lastCheckAt'] === 'number' && Number.isFinite(raw['lastCheckAt'])) history.lastCheckAt = raw['lastCheckAt'];
  if (typeof raw['builtDay'] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw['builtDay'])) history.builtDay = raw['builtDay'];
  const failed = raw['failedBuild'] as { day?: unknown; at?: unknown } | undefined;
  if (failed && typeof failed.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(failed.day) && typeof failed.at === 'number')
    history.failedBuild = { day: failed.day, at: failed.at };
  return history;
}
