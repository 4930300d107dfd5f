/**
 * The film-club partner sandbox over real HTTP with plain fetch (cookies handled by hand): the
 * browser islands are tested against it, so its accounts, sessions, persistence, CORS and
 * faults must behave as sandbox/filmclub/README.md says.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeFileName } from '../../../../sandbox/filmclub/accounts';
import { loadCatalogue, reviewsFor } from '../../../../sandbox/filmclub/catalogue';
import { startBothPartners } from '../../../../sandbox/filmclub/cli';
import { demoMember, startFilmclubSandbox, type FilmclubSandbox } from '../../../../sandbox/filmclub/server';
import { anyArray, anyNumber, anyString, arrayContaining, containing, matching, objectContaining } from '../../../support/matchers';

const site = 'http://localhost:4321';
const json = { 'content-type': 'application/json' };
const catalogue = loadCatalogue();
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'filmclub-sandbox-'));
  tempDirs.push(dir);
  return dir;
}

let sandbox: FilmclubSandbox;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDir();
  sandbox = await startFilmclubSandbox({ partner: 118, port: 0, dataDir });
});

afterEach(() => sandbox.reset());

afterAll(async () => {
  await sandbox.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function post(path: string, body?: unknown, headers: Record<string, string> = {}, base = sandbox.url): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: body === undefined ? headers : { ...json, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function get(path: string, headers: Record<string, string> = {}, base = sandbox.url): Promise<Response> {
  return fetch(`${base}${path}`, { headers });
}

/** The `cw_session=…` pair of a response's Set-Cookie, ready for a Cookie header. */
function sessionOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('cw_session='));
  if (!cookie) throw new Error('no cw_session cookie set');
  return cookie.split(';')[0] ?? '';
}

async function login(email: string = demoMember.email, password: string = demoMember.password, base = sandbox.url) {
  const response = await post('/login', { Email: email, Password: password }, {}, base);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { UserName: string; UserInfo: string; marsToken: string };
  return { body, cookie: sessionOf(response) };
}

let signups = 0;
function newEmail(): string {
  signups += 1;
  return `ny.${signups}.${Date.now()}@example.no`;
}

describe('the film-club sandbox server', () => {
  it('listens on loopback at an ephemeral port and knows its partner', () => {
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
    expect(sandbox.partner).toBe(118);
  });

  it('refuses a partner other than 118 and 178', async () => {
    await expect(startFilmclubSandbox({ partner: 999 as 118, dataDir: tempDir() })).rejects.toThrow(/118 or 178/);
  });

  it('answers an unknown path with 404 JSON and a wrong method with 405', async () => {
    const missing = await get('/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await missing.json()).toEqual({ Message: anyString });
    const wrong = await get('/login');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });
});

describe('login', () => {
  it('signs the demo member in with a marsToken and an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await post('/login', { Email: demoMember.email, Password: demoMember.password });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ UserName: 'Kari Nordvik', UserInfo: demoMember.email, marsToken: anyString });
    expect((body['marsToken'] as string).length).toBeGreaterThanOrEqual(32);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^cw_session=[A-Za-z0-9_-]{32,}; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('accepts the e-mail in any case, and issues a new token and session each time', async () => {
    const first = await login(demoMember.email.toUpperCase());
    const second = await login();
    expect(first.body.UserInfo).toBe(demoMember.email);
    expect(first.body.marsToken).not.toBe(second.body.marsToken);
    expect(first.cookie).not.toBe(second.cookie);
  });

  it('refuses a wrong password and an unknown e-mail alike, with 401 and a message', async () => {
    for (const [email, password] of [
      [demoMember.email, 'Kinokveld2025'],
      ['ingen@example.no', demoMember.password],
    ]) {
      const response = await post('/login', { Email: email, Password: password });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ Message: 'Feil e-post eller passord' });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('answers 400 when a field is missing, the body is not JSON, or not sent as JSON', async () => {
    const missing = await post('/login', { Email: demoMember.email });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ Message: anyString });
    const broken = await fetch(`${sandbox.url}/login`, { method: 'POST', headers: json, body: '{"Email":' });
    expect(broken.status).toBe(400);
    const asText = await fetch(`${sandbox.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ Email: demoMember.email, Password: demoMember.password }),
    });
    expect(asText.status).toBe(415);
  });
});

describe('signup', () => {
  it('creates an account that can then sign in, with one ticket and an empty watch list', async () => {
    const email = newEmail();
    const response = await post('/signup', { email: email, password: 'hemmeleg-ord', userName: 'Ola Nordmann' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ UserName: 'Ola Nordmann', ContactEmail: email, Token: anyString });
    const signupCookie = sessionOf(response);

    const tickets = (await (await get('/tickets', { cookie: signupCookie })).json()) as unknown[];
    expect(tickets).toHaveLength(1);
    expect(await (await get('/watchlist', { cookie: signupCookie })).json()).toEqual([]);

    const again = await login(email, 'hemmeleg-ord');
    expect(again.body).toEqual({ UserName: 'Ola Nordmann', UserInfo: email, marsToken: anyString });
    expect((await post('/login', { Email: email, Password: 'feil-passord' })).status).toBe(401);
  });

  it('answers 409 for an e-mail already registered, in any case', async () => {
    const duplicate = await post('/signup', {
      email: demoMember.email.toUpperCase(),
      password: 'eit-anna-passord',
      userName: 'Kopi',
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ Message: anyString });
    // The original password still works: nothing was overwritten.
    await login();
  });

  it('answers 400 for an e-mail without @, a short password or a missing name', async () => {
    for (const body of [
      { email: 'ikkje-ei-adresse', password: 'langt-nok-passord', userName: 'A' },
      { email: newEmail(), password: 'kort', userName: 'A' },
      { email: newEmail(), password: 'langt-nok-passord' },
      { password: 'langt-nok-passord', userName: 'A' },
      // The capitalised names are not the sign-up's (SPEC §7 names email, password, userName).
      { Email: newEmail(), Password: 'langt-nok-passord', UserName: 'A' },
    ]) {
      const response = await post('/signup', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ Message: anyString });
    }
  });
});

describe('persistence', () => {
  it('keeps accounts, sessions and watch lists across a restart on the same data directory', async () => {
    const dir = tempDir();
    const first = await startFilmclubSandbox({ partner: 178, port: 0, dataDir: dir });
    const email = newEmail();
    const signup = await post('/signup', { email: email, password: 'vel-bevart-1', userName: 'Per' }, {}, first.url);
    expect(signup.status).toBe(200);
    const { Token } = (await signup.json()) as { Token: string };
    const cookie = sessionOf(signup);
    const movie = catalogue.movies[3];
    if (!movie) throw new Error('the demo content needs films');
    expect((await post(`/addMovieToWatchList?id=${movie.movieId}`, undefined, { cookie }, first.url)).status).toBe(200);
    const ticketsBefore: unknown = await (await get('/tickets', { cookie }, first.url)).json();
    await first.close();

    const second = await startFilmclubSandbox({ partner: 178, port: 0, dataDir: dir });
    try {
      const again = await login(email, 'vel-bevart-1', second.url);
      expect(again.body.UserName).toBe('Per');
      await login(demoMember.email, demoMember.password, second.url);
      // The old session and token still work after the restart.
      expect(await (await get('/tickets', { cookie }, second.url)).json()).toEqual(ticketsBefore);
      const switched = await post('/switchTokensDx', undefined, { 'x-token': Token }, second.url);
      expect(switched.status).toBe(200);
      const list = (await (await get('/watchlist', { cookie: sessionOf(switched) }, second.url)).json()) as {
        MovieId: number;
      }[];
      expect(list.map((item) => item.MovieId)).toEqual([movie.movieId]);
      // Seeding happens once: the demo member is not added twice.
      const stored = JSON.parse(readFileSync(join(dir, storeFileName), 'utf8')) as { members: { email: string }[] };
      expect(stored.members.filter((member) => member.email === demoMember.email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('stores scrypt hashes with a salt, never a password, token or session in clear', async () => {
    const email = newEmail();
    const signup = await post('/signup', { email: email, password: 'klartekst-passord', userName: 'Siri' });
    const { Token } = (await signup.json()) as { Token: string };
    const session = sessionOf(signup).slice('cw_session='.length);
    const text = readFileSync(join(dataDir, storeFileName), 'utf8');
    for (const secret of ['klartekst-passord', demoMember.password, Token, session]) expect(text).not.toContain(secret);
    const stored = JSON.parse(text) as { members: { email: string; password: Record<string, unknown> }[] };
    const member = stored.members.find((candidate) => candidate.email === email);
    expect(member?.password).toEqual({
      algorithm: 'scrypt',
      N: 16384,
      r: 8,
      p: 1,
      keyLength: 64,
      salt: anyString,
      hash: anyString,
    });
    const demo = stored.members.find((candidate) => candidate.email === demoMember.email);
    expect(demo?.password['salt']).not.toBe(member?.password['salt']);
  });

  it('treats a malformed data file as empty: warns, keeps it aside, seeds the demo member', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, storeFileName), '{"version": 1, "members": [tull');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = await startFilmclubSandbox({ partner: 118, port: 0, dataDir: dir });
    try {
      expect(warn).toHaveBeenCalledWith(containing('malformed'));
      await login(demoMember.email, demoMember.password, broken.url);
      expect(readdirSync(dir).some((name) => name.startsWith(`${storeFileName}.corrupt-`))).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, storeFileName), 'utf8'))).toMatchObject({ version: 1 });
    } finally {
      warn.mockRestore();
      await broken.close();
    }
  });

  it('treats a well-formed file of the wrong shape as empty too', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, storeFileName), JSON.stringify({ version: 1, members: 'nobody' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const odd = await startFilmclubSandbox({ partner: 118, port: 0, dataDir: dir });
    try {
      expect(warn).toHaveBeenCalledTimes(1);
      await login(demoMember.email, demoMember.password, odd.url);
    } finally {
      warn.mockRestore();
      await odd.close();
    }
  });
});

describe('forgotPassword', () => {
  it('answers 200 with an empty body and puts a mail in the outbox for a member', async () => {
    const response = await post('/forgotPassword', { Email: demoMember.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect(await response.text()).toBe('');
    expect(sandbox.outbox).toEqual([{ email: demoMember.email, at: anyString }]);
    expect(Number.isNaN(Date.parse(sandbox.outbox[0]?.at ?? ''))).toBe(false);
  });

  it('answers the same for an unknown e-mail, without sending anything', async () => {
    const response = await post('/forgotPassword', { Email: 'ukjend@example.no' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(sandbox.outbox).toEqual([]);
  });

  it('answers 400 without an e-mail', async () => {
    const response = await post('/forgotPassword', {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ Message: anyString });
  });
});

describe('switchTokensDx', () => {
  it('turns a marsToken into a session cookie usable for the watch list', async () => {
    const { body } = await login();
    const response = await post('/switchTokensDx', undefined, { 'X-Token': body.marsToken });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    const cookie = sessionOf(response);
    expect(response.headers.getSetCookie()[0]).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    const list = await get('/watchlist', { cookie });
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBe(2);
    expect(sandbox.requests.at(-2)).toMatchObject({
      method: 'POST',
      path: '/switchTokensDx',
      headers: { 'x-token': body.marsToken },
      body: '',
    });
  });

  it('answers 401 without a token or with an unknown one', async () => {
    for (const headers of [{}, { 'X-Token': 'not-a-token' }]) {
      const response = await post('/switchTokensDx', undefined, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ Message: anyString });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe('tickets and the watch list', () => {
  it('answer 401 without a session cookie or with an unknown one', async () => {
    for (const path of ['/tickets?skip=0&take=10', '/watchlist?skip=0&take=10']) {
      for (const headers of [{}, { cookie: 'cw_session=forged' }]) {
        const response = await get(path, headers);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ Message: anyString });
      }
    }
    expect((await post(`/addMovieToWatchList?id=${catalogue.movies[0]?.movieId}`)).status).toBe(401);
  });

  it("give the demo member's three tickets, for three films, one with seats in two rows", async () => {
    const { cookie } = await login();
    const response = await get('/tickets?skip=0&take=10', { cookie: `other=1; ${cookie}` });
    expect(response.status).toBe(200);
    const tickets = (await response.json()) as {
      MovieId: number;
      QrCode: string;
      QrUrl: string;
      StartTime: string;
      ExpirationDate: string;
      Sal: string;
      MovieTitle: string;
      Notes: string;
      Poster: string | null;
      SeatsInfo: { Info: string; Seats: { Row: number; Seats: number[] }[] };
    }[];
    expect(tickets).toHaveLength(3);
    expect(new Set(tickets.map((ticket) => ticket.MovieId)).size).toBe(3);
    expect(tickets.some((ticket) => ticket.SeatsInfo.Seats.length === 2)).toBe(true);
    for (const ticket of tickets) {
      expect(ticket.QrCode).toMatch(/^KAIA-118-\d{6}$/);
      expect(ticket.QrUrl).toBe(`https://billett.example/kaia/ticket/${ticket.QrCode}`);
      expect(ticket.StartTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      expect(ticket.StartTime >= '2026-11' && ticket.StartTime < '2027-02').toBe(true);
      expect(Date.parse(ticket.ExpirationDate)).toBeGreaterThan(Date.parse(ticket.StartTime));
      expect(['Soltun scene', 'Wickssalen']).toContain(ticket.Sal);
      expect(ticket.MovieTitle).toBe(catalogue.byId.get(ticket.MovieId)?.title);
      expect(ticket.Poster).toBe(catalogue.byId.get(ticket.MovieId)?.poster);
      const seats = ticket.SeatsInfo.Seats.reduce((sum, row) => sum + row.Seats.length, 0);
      expect(ticket.SeatsInfo.Info).toBe(seats === 1 ? '1 plass' : `${seats} plassar`);
      expect(ticket.Notes).not.toBe('');
    }
    const paged = (await (await get('/tickets?skip=1&take=1', { cookie })).json()) as unknown[];
    expect(paged).toEqual([tickets[1]]);
  });

  it('add a film to the watch list once, in the order added, and refuse unknown films', async () => {
    const signup = await post('/signup', { email: newEmail(), password: 'onskjeliste', userName: 'Ada' });
    const cookie = sessionOf(signup);
    const [first, second] = catalogue.movies;
    if (!first || !second) throw new Error('the demo content needs films');
    for (const movie of [second, first, second]) {
      const added = await post(`/addMovieToWatchList?id=${movie.movieId}`, undefined, { cookie });
      expect(added.status).toBe(200);
      expect(await added.json()).toBe(true);
    }
    const list: unknown = await (await get('/watchlist?skip=0&take=10', { cookie })).json();
    expect(list).toEqual(
      [second, first].map((movie) => ({
        MovieId: movie.movieId,
        Title: movie.title,
        Edis: movie.edis,
        Poster: movie.poster,
        Link: `https://filmklubb.example/118/film/${movie.movieId}`,
      })),
    );
    expect((await post('/addMovieToWatchList?id=1', undefined, { cookie })).status).toBe(404);
    expect((await post('/addMovieToWatchList', undefined, { cookie })).status).toBe(400);
  });
});

describe('movieInfo and reviews', () => {
  it('gives movie info for every EDI number of a demo film', async () => {
    const mira = catalogue.movies.find((movie) => movie.edis.length > 1);
    if (!mira) throw new Error('the demo content has a film with two EDI numbers');
    const answers = await Promise.all(mira.edis.map(async (edi) => (await get(`/movieInfo?ediNumber=${edi}`)).json() as Promise<Record<string, unknown>>));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      Title: mira.title,
      MovieId: mira.movieId,
      Edis: mira.edis,
      Rating: anyNumber,
      RatingCount: anyNumber,
      Poster: mira.poster,
      Link: `https://filmklubb.example/118/film/${mira.movieId}`,
    });
    const rating = answers[0]?.['Rating'] as number;
    expect(rating).toBeGreaterThanOrEqual(1);
    expect(rating).toBeLessThanOrEqual(5);
    expect(Math.round(rating * 10) / 10).toBe(rating);
  });

  it('answers 404 for an unknown EDI number and 400 without one', async () => {
    const unknown = await get('/movieInfo?ediNumber=999999');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ Message: anyString });
    expect((await get('/movieInfo')).status).toBe(400);
  });

  it('writes each comment once per film, and comments that fit the film', () => {
    for (const movie of catalogue.movies) {
      for (const partner of [118, 178] as const) {
        const comments = reviewsFor(partner, movie).map((review) => review.Comment);
        expect(new Set(comments).size, movie.title).toBe(comments.length);
        if (movie.genres.includes('skrekk')) expect(comments.join(' '), movie.title).not.toMatch(/born|barn|femåring|sjuåring|vesla/i);
      }
    }
  });

  it('pages the reviews with skip and take, capping take at 50', async () => {
    const busy = catalogue.movies.find((movie) => reviewsFor(118, movie).length > 20);
    const quiet = catalogue.movies.find((movie) => reviewsFor(118, movie).length === 0);
    if (!busy || !quiet) throw new Error('the demo content should have a film with many reviews and one with none');
    const edi = busy.edis[0] ?? '';
    const all = reviewsFor(118, busy);
    const first = (await (await get(`/reviews?ediNumber=${edi}&skip=0&take=20`)).json()) as Record<string, unknown>[];
    expect(first).toHaveLength(20);
    expect(first[0]).toEqual({
      Id: anyNumber,
      Comment: anyString,
      Rating: anyNumber,
      AddedAt: matching(/^\d{4}-\d\d-\d\dT/),
      LikesCount: anyNumber,
      MovieId: busy.movieId,
      UserId: anyNumber,
      UserName: anyString,
      Image: first[0]?.['Image'] === null ? null : matching(/^data:image\/svg\+xml/),
      IsLiked: false,
    });
    const rest = (await (await get(`/reviews?ediNumber=${edi}&skip=20&take=20`)).json()) as unknown[];
    expect(rest).toHaveLength(all.length - 20);
    expect([...first, ...rest]).toEqual(all);
    expect(await (await get(`/reviews?ediNumber=${edi}&skip=5&take=2`)).json()).toEqual(all.slice(5, 7));
    expect(((await (await get(`/reviews?ediNumber=${edi}&take=500`)).json()) as unknown[]).length).toBe(Math.min(all.length, 50));
    expect(await (await get(`/reviews?ediNumber=${quiet.edis[0]}&skip=0&take=20`)).json()).toEqual([]);
    expect((await get(`/reviews?ediNumber=${edi}&skip=-1`)).status).toBe(400);
    expect((await get('/reviews?skip=0&take=20')).status).toBe(400);
  });

  it('gives each partner its own ratings and reviews, always the same ones', async () => {
    const other = await startFilmclubSandbox({ partner: 178, port: 0, dataDir: tempDir() });
    try {
      const answers = await Promise.all(
        [sandbox.url, other.url, sandbox.url].map(async (base) =>
          Promise.all(catalogue.movies.map(async (movie) => (await get(`/reviews?ediNumber=${movie.edis[0]}`, {}, base)).json() as Promise<unknown>)),
        ),
      );
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[1]).not.toEqual(answers[0]);
      const info = (await (await get(`/movieInfo?ediNumber=318204`, {}, other.url)).json()) as { Link: string };
      expect(info.Link).toMatch(/^https:\/\/filmklubb\.example\/178\/film\/\d+$/);
    } finally {
      await other.close();
    }
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with credentials, methods, headers and max age', async () => {
    const response = await fetch(`${sandbox.url}/switchTokensDx`, {
      method: 'OPTIONS',
      headers: { origin: site, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-token' },
    });
    expect(response.status).toBe(204);
    expect(Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-')))).toEqual({
      'access-control-allow-origin': site,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'Content-Type, X-Token, X-XSRF-TOKEN',
      'access-control-max-age': '600',
    });
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('allows credentials on answers to an allowed origin, including errors', async () => {
    for (const response of [await get('/movieInfo?ediNumber=318204', { origin: 'http://127.0.0.1:4321' }), await get('/tickets', { origin: site })]) {
      expect(response.headers.get('access-control-allow-origin')).toBe(response.status === 200 ? 'http://127.0.0.1:4321' : site);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      expect(response.headers.get('vary')).toBe('Origin');
    }
  });

  it('sends no CORS headers to another origin', async () => {
    const preflight = await fetch(`${sandbox.url}/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    const answer = await get('/movieInfo?ediNumber=318204', { origin: 'https://evil.example' });
    for (const response of [preflight, answer]) {
      expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe('faults', () => {
  it('status: answers that status with {Message}, still with CORS headers', async () => {
    sandbox.setFault({ kind: 'status', status: 500 });
    const response = await get('/movieInfo?ediNumber=318204', { origin: site });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ Message: anyString });
    expect(response.headers.get('access-control-allow-origin')).toBe(site);
    sandbox.setFault({ kind: 'status', status: 401 });
    expect((await post('/login', { Email: demoMember.email, Password: demoMember.password })).status).toBe(401);
  });

  it('html: answers 200 with an HTML error page, still with CORS headers', async () => {
    sandbox.setFault({ kind: 'html' });
    const response = await get('/reviews?ediNumber=318204', { origin: site });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/^<!DOCTYPE html>/);
    expect(response.headers.get('access-control-allow-origin')).toBe(site);
  });

  it('slow: delays the real answer, so a client time-out strikes first', async () => {
    sandbox.setFault({ kind: 'slow', delayMs: 5000 });
    await expect(fetch(`${sandbox.url}/movieInfo?ediNumber=318204`, { signal: AbortSignal.timeout(150) })).rejects.toThrow();
    sandbox.setFault({ kind: 'slow', delayMs: 20 });
    const response = await get('/movieInfo?ediNumber=318204');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ Title: 'Alt vi ikkje sa' });
  });

  it('down: drops the connection without an answer', async () => {
    sandbox.setFault({ kind: 'down' });
    await expect(get('/movieInfo?ediNumber=318204')).rejects.toThrow(TypeError);
    await expect(post('/login', { Email: demoMember.email, Password: demoMember.password })).rejects.toThrow(TypeError);
  });

  it('limits a fault to one route with a path, and clears one route or all', async () => {
    sandbox.setFault({ kind: 'status', status: 503 }, 'reviews');
    expect((await get('/reviews?ediNumber=318204')).status).toBe(503);
    expect((await get('/movieInfo?ediNumber=318204')).status).toBe(200);
    sandbox.setFault({ kind: 'html' }, '/movieInfo');
    expect((await get('/movieInfo?ediNumber=318204')).headers.get('content-type')).toMatch(/^text\/html/);
    sandbox.setFault(null, 'reviews');
    expect((await get('/reviews?ediNumber=318204')).status).toBe(200);
    expect((await get('/movieInfo?ediNumber=318204')).headers.get('content-type')).toMatch(/^text\/html/);
    sandbox.setFault(null);
    expect((await get('/movieInfo?ediNumber=318204')).status).toBe(200);
    expect(() => sandbox.setFault({ kind: 'html' }, 'reveiws')).toThrow(/unknown route/);
    expect(() => sandbox.setFault({ kind: 'status', status: 200 })).toThrow(RangeError);
  });

  it('never faults a CORS preflight', async () => {
    sandbox.setFault({ kind: 'down' });
    const preflight = await fetch(`${sandbox.url}/tickets`, {
      method: 'OPTIONS',
      headers: { origin: site, 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
  });
});

describe('answer shapes', () => {
  it('answers capitalised by default, and in camelCase once switched, per route or for all', async () => {
    const { cookie } = await login();
    const movie = catalogue.movies.find((candidate) => reviewsFor(118, candidate).length > 0);
    if (!movie) throw new Error('the demo content needs a film with reviews');
    const edi = movie.edis[0] ?? '';
    const capitalised = (await (await get(`/reviews?ediNumber=${edi}`)).json()) as Record<string, unknown>[];
    expect(Object.keys(capitalised[0] ?? {})).toContain('Comment');

    sandbox.setShape('camelCase', 'reviews');
    const reviews = (await (await get(`/reviews?ediNumber=${edi}`)).json()) as Record<string, unknown>[];
    expect(Object.keys(reviews[0] ?? {}).sort()).toEqual([
      'addedAt',
      'comment',
      'id',
      'image',
      'isLiked',
      'likesCount',
      'movieId',
      'rating',
      'userId',
      'userName',
    ]);
    expect(reviews[0]?.['comment']).toBe(capitalised[0]?.['Comment']);
    const ticketsStill = (await (await get('/tickets', { cookie })).json()) as Record<string, unknown>[];
    expect(ticketsStill[0]).toHaveProperty('MovieTitle');

    sandbox.setShape('camelCase');
    const [ticket] = (await (await get('/tickets', { cookie })).json()) as Record<string, unknown>[];
    expect(Object.keys(ticket ?? {}).sort()).toEqual([
      'expirationDate',
      'movieId',
      'movieTitle',
      'notes',
      'poster',
      'qrCode',
      'qrUrl',
      'sal',
      'seatsInfo',
      'startTime',
    ]);
    expect(ticket?.['seatsInfo']).toMatchObject({
      info: anyString,
      seats: arrayContaining([objectContaining({ row: anyNumber, seats: anyArray })]),
    });
    // Login and sign-up keep the names SPEC §7 gives them.
    expect(Object.keys((await login()).body)).toEqual(['UserName', 'UserInfo', 'marsToken']);

    sandbox.setShape(null, 'reviews');
    expect(Object.keys(((await (await get(`/reviews?ediNumber=${edi}`)).json()) as Record<string, unknown>[])[0] ?? {})).toContain('comment');
    sandbox.reset();
    expect(Object.keys(((await (await get(`/reviews?ediNumber=${edi}`)).json()) as Record<string, unknown>[])[0] ?? {})).toContain('Comment');
  });

  it('refuses an unknown shape or a route without records, also over HTTP', async () => {
    expect(() => sandbox.setShape('snake_case' as never)).toThrow(/unknown shape/);
    expect(() => sandbox.setShape('camelCase', 'login')).toThrow(/answers no records/);
    expect((await post('/__sandbox/shape', { shape: 'camelCase', path: 'tickets' })).status).toBe(200);
    expect((await post('/__sandbox/shape', { shape: 'kebab' })).status).toBe(400);
  });
});

describe('admin endpoints', () => {
  it('set faults, list requests and the outbox, and reset all but the accounts', async () => {
    const set = await post('/__sandbox/fault', { fault: { kind: 'status', status: 500 }, path: 'tickets' }, { origin: site });
    expect(set.status).toBe(200);
    expect(set.headers.get('access-control-allow-origin')).toBe(site);
    const { cookie } = await login();
    expect((await get('/tickets', { cookie })).status).toBe(500);
    await post('/forgotPassword', { Email: demoMember.email });

    const requests = (await (await get('/__sandbox/requests')).json()) as { method: string; path: string; body: string }[];
    expect(requests.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['POST /login', 'GET /tickets', 'POST /forgotPassword']);
    expect(JSON.parse(requests[2]?.body ?? '')).toEqual({ Email: demoMember.email });
    expect(await (await get('/__sandbox/outbox')).json()).toEqual([{ email: demoMember.email, at: anyString }]);

    expect((await post('/__sandbox/fault', { fault: { kind: 'nonsense' } })).status).toBe(400);
    expect((await post('/__sandbox/reset')).status).toBe(200);
    expect(sandbox.requests).toEqual([]);
    expect(sandbox.outbox).toEqual([]);
    expect((await get('/tickets', { cookie })).status).toBe(200);
    await login();
  });
});

describe('startBothPartners', () => {
  it('starts 118 and 178 on their own ports and data, with the extra preview origins allowed', async () => {
    const root = tempDir();
    const both = await startBothPartners({
      FILMCLUB_118_PORT: '0',
      FILMCLUB_178_PORT: '0',
      FILMCLUB_DATA_DIR: root,
    });
    try {
      expect(both.sandboxes.map((partner) => partner.partner)).toEqual([118, 178]);
      expect(both.byPartner[118].port).not.toBe(both.byPartner[178].port);
      expect(both.lines[0]).toContain(both.byPartner[118].url);
      expect(both.lines[1]).toContain(demoMember.email);
      expect(readdirSync(root).sort()).toEqual(['filmclub-118', 'filmclub-178']);
      const preflight = await fetch(`${both.byPartner[178].url}/login`, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:4323', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4323');
      const ticket = (await (
        await get('/tickets', { cookie: (await login(undefined, undefined, both.byPartner[178].url)).cookie }, both.byPartner[178].url)
      ).json()) as { QrCode: string }[];
      expect(ticket[0]?.QrCode).toMatch(/^KAIA-178-/);
    } finally {
      await both.close();
    }
  }, 20_000); // Two servers, each loading the catalogue and seeding a member: slow on a busy machine.
});
