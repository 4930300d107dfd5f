/**
 * Live events (SPEC §4 events state, §7 events call): the settings, the runtime API client
 * against a real local server, and the store, tested as the nanostores README describes
 * (keepMount, allTasks, cleanStores).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRuntimeApi, UnexpectedEventsAnswer, type RuntimeApi } from '../../../../src/lib/live-events/client';
import { liveEventsSettings, runtimeSiteKey } from '../../../../src/lib/live-events/settings';
import { $events, initialEvents, loadEvents } from '../../../../src/lib/live-events/store';

describe('settings', () => {
  it('is the runtime API with the site key of the first partner', () => {
    expect(runtimeSiteKey(118)).toBe('site118a');
    expect(liveEventsSettings([178, 118], 'https://runtime.example/')).toEqual({ runtimeUrl: 'https://runtime.example/', runtimeSite: 'site178a' });
  });

  it('is off without a runtime API or without a partner', () => {
    expect(liveEventsSettings([118], undefined)).toBeNull();
    expect(liveEventsSettings([118], '')).toBeNull();
    expect(liveEventsSettings([], 'https://runtime.example/')).toBeNull();
  });
});

describe('client', () => {
  let server: Server;
  let base: string;
  let answer: { status: number; body: string; type: string } = { status: 200, body: '[{"id":"ev-1"}]', type: 'application/json' };
  const seen: { path: string; query: Record<string, string>; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is off without settings', () => {
    expect(createRuntimeApi(null)).toBeNull();
  });

  it('GETs events with keys = the comma-joined ids and site = site{partner}a, without credentials', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const runtime = createRuntimeApi({ runtimeUrl: `${base}/runtime/`, runtimeSite: 'site178a' })!;
      expect(await runtime.events(['ev-1', 'ev-2'])).toEqual([{ id: 'ev-1' }]);
      expect(seen.at(-1)).toMatchObject({ path: '/runtime/events', query: { keys: 'ev-1,ev-2', site: 'site178a' } });
      expect(seen.at(-1)?.headers.cookie).toBeUndefined();
      const init = fetchSpy.mock.calls.at(-1)?.[1];
      expect(init?.credentials).not.toBe('include');
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('treats an answer that is not a list as a failure', async () => {
    answer = { status: 200, body: '<h1>502</h1>', type: 'text/html' };
    try {
      const runtime = createRuntimeApi({ runtimeUrl: `${base}/`, runtimeSite: 'site118a' })!;
      await expect(runtime.events(['ev-1'])).rejects.toBeInstanceOf(UnexpectedEventsAnswer);
    } finally {
      answer = { status: 200, body: '[{"id":"ev-1"}]', type: 'application/json' };
    }
  });
});

describe('store', () => {
  beforeEach(() => $events.set(initialEvents));
  afterEach(() => {
    cleanStores($events);
    vi.restoreAllMocks();
  });

  it('records requested ids, appends loaded events, and never requests an id twice', async () => {
    keepMount($events);
    const asked: string[][] = [];
    const runtime: RuntimeApi = {
      events: (ids) => {
        asked.push([...ids]);
        return Promise.resolve(ids.map((id) => ({ id })));
      },
    };
    void loadEvents(runtime, ['ev-1', 'ev-2']);
    void loadEvents(runtime, ['ev-2', 'ev-3', 'ev-3']);
    void loadEvents(runtime, ['ev-1']);
    await allTasks();
    expect(asked).toEqual([['ev-1', 'ev-2'], ['ev-3']]);
    expect($events.get().requested).toEqual(['ev-1', 'ev-2', 'ev-3']);
    expect($events.get().items).toEqual([{ id: 'ev-1' }, { id: 'ev-2' }, { id: 'ev-3' }]);
  });

  it('only logs a failure, and does not ask again for the ids it tried', async () => {
    keepMount($events);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const runtime: RuntimeApi = { events: () => Promise.reject(new Error('down')) };
    void loadEvents(runtime, ['ev-9']);
    await allTasks();
    void loadEvents(runtime, ['ev-9']);
    await allTasks();
    expect(log).toHaveBeenCalledOnce();
    expect($events.get()).toEqual({ requested: ['ev-9'], items: [] });
  });
});
