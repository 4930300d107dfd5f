/**
 * The chat notifications (PUBLISHER_NOTIFY_URL): how a run a person or the CMS asked for ended,
 * and (from the scheduler) when a freshness warning starts and ends.
 */
import { createHttpClient, isHttpError } from '../../src/lib/http';
import type { RunRecord } from '../runs/run-record';

/** Whether only the schedule asked for a run (a box-office check, the day build), no person and no CMS. */
export function onlyScheduled(run: RunRecord): boolean {
  return [run.trigger, ...(run.causes ?? [])].every((trigger) => trigger === 'schedule' || trigger === 'day-build');
}

/**
 * One message to the chat webhook per run that went live and per run that failed, each once
 * (the run is marked before sending, and the queue saves the mark with the run, so a restart
 * never sends it again), for runs a person or the CMS asked for. Unchanged runs, previews that
 * worked and runs only the schedule asked for send nothing: a box-office check that goes live
 * with the box office's changes or the nightly day build is routine (the run log has them), and
 * a source that is down would fail every box-office check, which the freshness warnings tell
 * once when it starts and once when it ends. A failing notification is logged, never fatal.
 */
export async function notifyRun(url: string | undefined, run: RunRecord, log: (line: string) => void): Promise<void> {
  if (!url || run.notified || onlyScheduled(run)) return;
  let message: Record<string, unknown>;
  if (run.state === 'failed' && run.failure) {
    const text = `Publiseringa av kulturhuset-kaia feila (køyring ${run.id}): ${run.failure.step}: ${run.failure.reason}`;
    message = { text, run: run.id, state: 'failed', step: run.failure.step, reason: run.failure.reason };
  } else if (run.state === 'published' && run.kind === 'live') {
    const text = `Kulturhuset-kaia er publisert på nytt (køyring ${run.id}, versjon ${run.release ?? '?'}, starta av ${run.by ?? 'ukjend'}).`;
    message = { text, run: run.id, state: 'published', release: run.release };
  } else return;
  run.notified = true;
  await notify(url, message, log);
}

/** How long the chat webhook has to answer. */
export const NOTIFY_TIMEOUT_MS = 10_000;

/** The chat webhook is called by its whole URL, through the project's one HTTP layer. */
const chat = createHttpClient({ baseURL: '', timeout: NOTIFY_TIMEOUT_MS });

/**
 * Posts one message to the chat webhook, as JSON; a failure (an error status, no answer in
 * time, no connection) is logged, never fatal. What the webhook answers is not read: an answer
 * that is not JSON still means the message arrived.
 */
export async function notify(url: string, message: Record<string, unknown>, log: (line: string) => void, timeoutMs = NOTIFY_TIMEOUT_MS): Promise<void> {
  try {
    await chat.request(url, { method: 'POST', body: message, timeout: timeoutMs });
  } catch (error) {
    if (isHttpError(error) && error.kind === 'parse') return;
    if (isHttpError(error) && error.kind === 'status') log(`notification answered ${error.status}`);
    else log(`notification failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
