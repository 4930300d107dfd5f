/**
 * The publish service's composition root, which only wires things together: it builds the run
 * log, the queue (whose runs pipeline/executor.ts carries out), the schedule, the
 * delivery log and the staff sessions, and wires the routes into Hono apps served by node:http on
 * 127.0.0.1 (nginx proxies the hook and the staff paths to the first), each route a Hono app
 * whose schema checks its input before its handler runs:
 *
 *   POST /hooks/cms            the CMS's signed webhook (routes/hook-route.ts) → 202, a run is queued
 *   GET  /status, /staff/      the status JSON and page (routes/status-routes.ts)
 *   GET  /staff/live           the status page's live channel, server-sent events (routes/live-route.ts)
 *   GET  /staff/assets/…       the staff pages' stylesheet and script (routes/asset-routes.ts)
 *   POST /staff/login|logout|refresh|rebuild|preview   (routes/staff-routes.ts)
 *   GET  /staff/tilbake, POST /staff/rollback|publiser-att   (routes/rollback-routes.ts)
 *
 * and on the preview port, every path: the latest preview release, for staff only; for the
 * demo, on the site port, the live release (sites/release-sites.ts).
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { recoverReleases } from '../release/recover';
import { currentRelease, currentSince } from '../release/releases';
import { AccountBook } from './accounts/accounts';
import { Sessions } from './accounts/staff-access';
import { serviceApp, withErrorLog } from './app';
import type { PublisherConfig } from './config';
import { bringCdnInLine } from './pipeline/cdn-recovery';
import { previewDir, statusPageUrl } from './pipeline/execute';
import { runExecutor } from './pipeline/executor';
import { DeliveryLog } from './routes/hook-checks';
import { hookRoute } from './routes/hook-route';
import { listen, serverOf, stop } from './routes/http';
import { liveRoute } from './routes/live-route';
import { rollbackRoutes } from './routes/rollback-routes';
import type { StaffEnv } from './routes/staff-guards';
import { staffRoutes } from './routes/staff-routes';
import { statusRoutes } from './routes/status-routes';
import { LiveHistory } from './runs/live-history';
import { PauseState } from './runs/pause';
import { RunLog } from './runs/run-log';
import { RunQueue } from './runs/run-queue';
import type { RunRecord } from './runs/run-record';
import { Scheduler } from './schedule/scheduler';
import { liveSite, previewSite } from './sites/release-sites';
import { LiveChanges } from './status/live-changes';

export interface Publisher {
  readonly url: string;
  readonly previewUrl: string;
  readonly queue: RunQueue;
  readonly log: RunLog;
  /** The box-office check and the day build (schedule/scheduler.ts); tests tick it on their fake clock. */
  readonly scheduler: Scheduler;
  /** Done when a deploy cut off by the last process's end has been redone (at once when there was none). */
  readonly cdnInLine: Promise<unknown>;
  close(): Promise<void>;
}

export interface PublisherOptions {
  /** Port of the preview server (0: any free one). */
  readonly previewPort?: number;
  readonly log?: (line: string) => void;
  /** The service's clock: hook timestamps, runs, the schedule (tests pass a fake one). */
  readonly now?: () => number;
  /** Let the schedule wake by itself (default); tests that drive a fake clock call `scheduler.tick()` instead. */
  readonly scheduleTimer?: boolean;
}

export async function startPublisher(config: PublisherConfig, options: PublisherOptions = {}): Promise<Publisher> {
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const runLog = new RunLog(join(config.stateDir, 'runs.json'), log);
  // Whatever the status page shows changes through the run log, the pause or the schedule's
  // freshness: each tells the one notifier, and the page's live channel passes it on.
  const changes = new LiveChanges();
  runLog.onChange = () => changes.changed();
  const deliveries = new DeliveryLog(join(config.stateDir, 'deliveries.json'), log);
  const accounts = new AccountBook(config.accountsFile, log);
  const sessions = new Sessions(config.staffPassword, config.publicOrigin?.startsWith('https:') ?? false, accounts, config.trustedProxies);
  // Before anything runs: a dead run's lock and build, leftovers, and content/ back in line with the live release.
  const recovery = recoverReleases(config.releasesDir, config.contentDir, [previewDir(config)]);
  if (recovery.removed.length > 0) log(`removed what an interrupted run left: ${recovery.removed.join(', ')}`);
  if (recovery.contentMatched) log('content/ brought back in line with the live release');
  if (recovery.busy.length > 0) log(`another run is working in ${recovery.busy.join(', ')}; left alone`);
  const history = new LiveHistory(join(config.stateDir, 'live-history.json'), log);
  history.notice(currentRelease(config.releasesDir), currentSince(config.releasesDir));
  const pause = new PauseState(join(config.stateDir, 'paused.json'), log);
  pause.onChange = () => changes.changed();
  // While a rollback holds the site, live runs wait; previews go on.
  const mayStart = (run: RunRecord) => run.kind !== 'live' || pause.current === undefined;
  const stopping = new AbortController();
  // Both known once the servers listen.
  let previewUrl = '';
  let staffUrl = statusPageUrl(config);
  const queue = new RunQueue(
    runLog,
    runExecutor({
      config,
      runLog,
      history,
      now,
      log,
      signal: stopping.signal,
      statusUrl: () => staffUrl,
      onDownload: (download, error) => scheduler.downloaded(download, error),
    }),
    mayStart,
    now,
  );
  const scheduler = new Scheduler({
    stateDir: config.stateDir,
    releasesDir: config.releasesDir,
    boxOfficeMinutes: config.boxOfficeMinutes,
    queue,
    runLog,
    now,
    notifyUrl: config.notifyUrl,
    log,
    timer: options.scheduleTimer ?? true,
    paused: () => pause.current,
    onChange: () => changes.changed(),
  });
  queue.onFinished = (run) => {
    if (run.kind !== 'live') return;
    scheduler.runFinished(run);
    runLog.foldQuietSync(run);
  };

  const app = serviceApp(
    log,
    hookRoute<StaffEnv>({ secret: config.hookSecret, maxBodyBytes: config.maxBodyBytes, deliveries, queue, now, log }),
    statusRoutes({
      releasesDir: config.releasesDir,
      previewDir: previewDir(config),
      previewUrl: () => previewUrl,
      queue,
      runLog,
      sessions,
      pause,
      freshness: () => scheduler.view(),
      changes,
      // Changed pages link to the live site: behind the proxy its own origin, in the demo the site
      // port by the address `npm start` prints (localhost, so the links and the printed address match).
      siteOrigin: config.publicOrigin ?? (config.sitePort ? `http://localhost:${config.sitePort}` : undefined),
      now,
      log,
    }),
    liveRoute({ sessions, changes }),
    rollbackRoutes({
      releasesDir: config.releasesDir,
      contentDir: config.contentDir,
      queue,
      runLog,
      history,
      pause,
      sessions,
      publicOrigin: config.publicOrigin,
      log,
      now: () => new Date(now()),
      goLive: config.goLive,
    }),
    staffRoutes({
      releasesDir: config.releasesDir,
      contentDir: config.contentDir,
      queue,
      runLog,
      log,
      sessions,
      publicOrigin: config.publicOrigin,
      paused: () => pause.current !== undefined,
    }),
  );
  const server = serverOf(app);
  const preview = serverOf(
    withErrorLog(
      previewSite(previewDir(config), sessions, () => staffUrl, log),
      log,
    ),
  );
  const site = config.sitePort ? serverOf(withErrorLog(liveSite(config.releasesDir), log)) : undefined;

  await listen(server, config.port);
  await listen(preview, options.previewPort ?? config.previewPort ?? (config.port === 0 ? 0 : config.port + 1));
  if (site && config.sitePort) await listen(site, config.sitePort);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  staffUrl = statusPageUrl(config, (server.address() as AddressInfo).port);
  previewUrl = config.previewOrigin ? `${config.previewOrigin}/` : `http://127.0.0.1:${(preview.address() as AddressInfo).port}/`;
  log(`publisher on ${url} (hook ${url}/hooks/cms, staff ${url}/staff/), preview on ${previewUrl}`);
  // A deploy cut off by the last process's end: the CDN is brought back to what `current` names
  // before any run (the queue waits for it). Otherwise nothing is deployed again.
  const cdnInLine = bringCdnInLine({ releasesDir: config.releasesDir, goLive: config.goLive, queue, runLog, now, log, signal: stopping.signal }).catch(
    (error: unknown) => log(`bringing the CDN in line failed: ${String(error)}`),
  );
  // The start-up run builds the whole site when the day is not built yet (a fresh clone, or a
  // restart past midnight), so it is that day's build too: the schedule sees it waiting and
  // asks for no second one.
  if (config.runOnStart) queue.request('live', 'start', undefined, { force: scheduler.enabled && scheduler.plan().behind });
  queue.resume(); // runs still queued when the last process stopped run now (or after the pause)
  if (scheduler.enabled) log(`schedule: a box-office check every ${config.boxOfficeMinutes} min, a day build at 00:00 Oslo time`);
  scheduler.start();
  let closing: Promise<void> | undefined;
  return {
    url,
    previewUrl,
    queue,
    log: runLog,
    scheduler,
    cdnInLine,
    close: () => {
      scheduler.stop();
      // The status pages' live channels end, or the server would wait for them.
      changes.close();
      // A run going on is abandoned: its build's process group is ended, nothing is switched.
      stopping.abort();
      return (closing ??= Promise.all([stop(server), stop(preview), ...(site ? [stop(site)] : [])]).then(() => undefined));
    },
  };
}
