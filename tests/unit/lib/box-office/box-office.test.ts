/**
 * The box office in the browser (SPEC §4 events state, §7 events call): the settings, the
 * client of its API (the platform's runtime API) against a real local server, and the store,
 * tested as the nanostores README describes (keepMount, allTasks, cleanStores).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBoxOfficeApi, UnexpectedEventsAnswer, type BoxOfficeApi } from '../../../../src/lib/box-office/client';
import { boxOfficeSettings, boxOfficeSiteKey } from '../../../../src/lib/box-office/settings';
import { $events, initialEvents, loadEvents } from '../../../../src/lib/box-office/store';

describe('settings', () => {
  it("is the box office's API with the site key of the first partner", () => {
    expect(boxOfficeSiteKey(118)).toBe('site118a');
    expect(boxOfficeSettings([178, 118], 'https://runtime.example/')).toEqual({ apiUrl: 'https://runtime.example/', site: 'site178a' });
  });

  it("is off without the box office's API or without a partner", () => {
    expect(boxOfficeSettings([118], undefined)).toBeNull();
    expect(boxOfficeSettings([118], '')).toBeNull();
    expect(boxOfficeSettings([], 'https://runtime.example/')).toBeNull();
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
    expect(createBoxOfficeApi(null)).toBeNull();
  });

  it('GETs events with keys = the comma-joined ids and site = site{partner}a, without credentials', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const boxOffice = createBoxOfficeApi({ apiUrl: `${base}/runtime/`, site: 'site178a' })!;
      expect(await boxOffice.events(['ev-1', 'ev-2'])).toEqual([{ id: 'ev-1' }]);
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
      const boxOffice = createBoxOfficeApi({ apiUrl: `${base}/`, site: 'site118a' })!;
      await expect(boxOffice.events(['ev-1'])).rejects.toBeInstanceOf(UnexpectedEventsAnswer);
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
    const boxOffice: BoxOfficeApi = {
      events: (ids) => {
        asked.push([...ids]);
        return Promise.resolve(ids.map((id) => ({ id })));
      },
    };
    void loadEvents(boxOffice, ['ev-1', 'ev-2']);
    void loadEvents(boxOffice, ['ev-2', 'ev-3', 'ev-3']);
    void loadEvents(boxOffice, ['ev-1']);
    await allTasks();
    expect(asked).toEqual([['ev-1', 'ev-2'], ['ev-3']]);
    expect($events.get().requested).toEqual(['ev-1', 'ev-2', 'ev-3']);
    expect($events.get().items).toEqual([{ id: 'ev-1' }, { id: 'ev-2' }, { id: 'ev-3' }]);
  });

  it('only logs a failure, and does not ask again for the ids it tried', async () => {
    keepMount($events);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boxOffice: BoxOfficeApi = { events: () => Promise.reject(new Error('down')) };
    void loadEvents(boxOffice, ['ev-9']);
    await allTasks();
    void loadEvents(boxOffice, ['ev-9']);
    await allTasks();
    expect(log).toHaveBeenCalledOnce();
    expect($events.get()).toEqual({ requested: ['ev-9'], items: [] });
  });
});
