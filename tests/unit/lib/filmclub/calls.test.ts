/**
 * The film club's calls (SPEC §7) against a real local server that records what arrives:
 * method, path, query, body and headers; and that every call is made with credentials
 * included (observed on the real fetch, which still does the work).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

const answers: Record<string, unknown> = {
  '/login': { UserName: 'Kari Nordvik', UserInfo: 'kari@example.no', marsToken: 'mars-1' },
  '/signup': { UserName: 'Ola', ContactEmail: 'ola@example.no', Token: 'mars-2' },
  '/forgotPassword': '',
  '/switchTokensDx': '',
  '/movieInfo': { Title: 'Naustet', MovieId: 7, Edis: ['318119'], Rating: 4.2, RatingCount: 31, Poster: '/p.webp', Link: 'https://fk.example/7' },
  '/reviews': [
    {
      Id: 'r1',
      Comment: 'Skummel!',
      Rating: 5,
      AddedAt: '2026-11-01T10:00:00Z',
      LikesCount: 3,
      MovieId: 7,
      UserId: 'u1',
      UserName: 'Per',
      Image: null,
      IsLiked: false,
    },
  ],
  '/tickets': [
    {
      MovieId: 7,
      MovieTitle: 'Naustet',
      Notes: '',
      QrCode: 'KAIA-1',
      QrUrl: 'https://billett.example/kaia/ticket/KAIA-1',
      StartTime: '2026-11-26T20:30:00+01:00',
      ExpirationDate: '2026-11-26T23:00:00+01:00',
      Poster: '/p.webp',
      Sal: 'Wickssalen',
      SeatsInfo: { Info: '2 plassar', Seats: [{ Row: 4, Seats: [7, 8] }] },
    },
  ],
  '/watchlist': [{ MovieId: 7, Title: 'Naustet', Edis: ['318119'], Poster: '/p.webp', Link: null }],
  '/addMovieToWatchList': true,
};

let server: Server;
let base: string;
const seen: Seen[] = [];
let fetchSpy: MockInstance<typeof fetch>;
let api: typeof import('../../../../src/lib/filmclub/api');

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname.replace(/^\/(api|runtime)/, '');
      seen.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body });
      const answer = answers[path];
      if (answer === '') res.writeHead(200).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Observe the real fetch (it still does the work) before the HTTP layer captures it.
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  api = await import('../../../../src/lib/filmclub/api');
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  fetchSpy.mockClear();
});

const partner = () => api.createFilmclubApi({ apiUrl: `${base}/api/` });
const last = () => seen.at(-1)!;
const credentialsOfLastCall = () => fetchSpy.mock.calls.at(-1)?.[1]?.credentials;

describe('film-club calls', () => {
  it('login: POST login with JSON {Email, Password}; the profile is {userName, email, token}', async () => {
    expect(await partner().login('kari@example.no', 'hemmeleg')).toEqual({ userName: 'Kari Nordvik', email: 'kari@example.no', token: 'mars-1' });
    expect(last()).toMatchObject({ method: 'POST', path: '/api/login', body: '{"Email":"kari@example.no","Password":"hemmeleg"}' });
    expect(last().headers['content-type']).toBe('application/json');
    expect(credentialsOfLastCall()).toBe('include');
  });

  it('login: an answer without marsToken is not a sign-in', async () => {
    answers['/login'] = { UserName: 'Kari', UserInfo: 'kari@example.no' };
    try {
      await expect(partner().login('kari@example.no', 'x')).rejects.toBeInstanceOf(api.UnexpectedAnswer);
    } finally {
      answers['/login'] = { UserName: 'Kari Nordvik', UserInfo: 'kari@example.no', marsToken: 'mars-1' };
    }
  });

  it('sign-up: POST signup with {email, password, userName} as SPEC §7 names them; read as UserName, ContactEmail, Token', async () => {
    expect(await partner().signUp('ola@example.no', 'passord12', 'Ola')).toEqual({ userName: 'Ola', email: 'ola@example.no', token: 'mars-2' });
    expect(last()).toMatchObject({ method: 'POST', path: '/api/signup', body: '{"email":"ola@example.no","password":"passord12","userName":"Ola"}' });
    expect(credentialsOfLastCall()).toBe('include');
  });

  it('forgotten password: POST forgotPassword with {Email}; an empty body means sent', async () => {
    await expect(partner().forgotPassword('kari@example.no')).resolves.toBeUndefined();
    expect(last()).toMatchObject({ method: 'POST', path: '/api/forgotPassword', body: '{"Email":"kari@example.no"}' });
    expect(credentialsOfLastCall()).toBe('include');
  });

  it('token switch: POST switchTokensDx, no body, header X-Token', async () => {
    await partner().switchTokens('mars-1');
    expect(last()).toMatchObject({ method: 'POST', path: '/api/switchTokensDx', body: '' });
    expect(last().headers['x-token']).toBe('mars-1');
    expect(credentialsOfLastCall()).toBe('include');
  });

  it('movie info: GET movieInfo?ediNumber=', async () => {
    expect(await partner().movieInfo('318119')).toEqual({
      title: 'Naustet',
      movieId: 7,
      edis: ['318119'],
      rating: 4.2,
      ratingCount: 31,
      poster: '/p.webp',
      link: 'https://fk.example/7',
    });
    expect(last()).toMatchObject({ method: 'GET', path: '/api/movieInfo', query: { ediNumber: '318119' } });
    expect(credentialsOfLastCall()).toBe('include');
  });

  it('reviews: GET reviews?ediNumber=&skip=0&take=20', async () => {
    const [review] = await partner().reviews('318119');
    expect(review).toMatchObject({ id: 'r1', comment: 'Skummel!', rating: 5, likesCount: 3, userName: 'Per', isLiked: false });
    expect(last()).toMatchObject({ method: 'GET', path: '/api/reviews', query: { ediNumber: '318119', skip: '0', take: '20' } });
    expect(credentialsOfLastCall()).toBe('include');
  });

  it('tickets: GET tickets, skip 0 take 10, with seats by row and the QR data', async () => {
    const [ticket] = await partner().tickets();
    expect(ticket).toMatchObject({
      movieTitle: 'Naustet',
      sal: 'Wickssalen',
      qrCode: 'KAIA-1',
      image: '/p.webp',
      seatsInfo: { info: '2 plassar', seats: [{ row: 4, seats: [7, 8] }] },
    });
    expect(last()).toMatchObject({ method: 'GET', path: '/api/tickets', query: { skip: '0', take: '10' } });
    expect(credentialsOfLastCall()).toBe('include');
  });

  it('watch list: GET watchlist, skip 0 take 10; add: POST addMovieToWatchList?id=', async () => {
    expect(await partner().watchList()).toEqual([{ movieId: 7, title: 'Naustet', edis: ['318119'], poster: '/p.webp', link: null }]);
    expect(last()).toMatchObject({ method: 'GET', path: '/api/watchlist', query: { skip: '0', take: '10' } });
    expect(credentialsOfLastCall()).toBe('include');
    expect(await partner().addToWatchList(7)).toBe(true);
    expect(last()).toMatchObject({ method: 'POST', path: '/api/addMovieToWatchList', query: { id: '7' }, body: '' });
    expect(credentialsOfLastCall()).toBe('include');
  });
});
