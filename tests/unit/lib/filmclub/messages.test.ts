/** What a member reads when a film-club call fails, per screen; and which poster a film gets. */
import { describe, expect, it } from 'vitest';
import { failureMessage, needsSignIn, type FailureContext } from '../../../../src/lib/filmclub/messages';
import { choosePoster, contentPoster, filmPosters, type FilmPoster } from '../../../../src/lib/filmclub/posters';
import type { Production } from '../../../../src/schemas';
import { HttpError } from '../../../../src/lib/http';

const status = (code: number) => new HttpError(`Request failed with status code ${code}`, 'status', 'http://partner/x', code, {});

describe('failure messages', () => {
  it('gives every screen its own message for a refused call (401)', () => {
    const contexts: FailureContext[] = ['sign-in', 'sign-up', 'forgot-password', 'reviews', 'tickets', 'watch-list', 'add-to-watch-list'];
    const messages = contexts.map((context) => failureMessage(status(401), context));
    expect(new Set(messages).size).toBe(contexts.length);
    expect(failureMessage(status(401), 'sign-in')).toMatch(/passordet stemmer ikkje/);
    expect(failureMessage(status(401), 'sign-up')).toMatch(/registreringa/);
    expect(failureMessage(status(401), 'forgot-password')).toMatch(/nytt passord/);
    expect(failureMessage(status(401), 'tickets')).toBe('Du må logge inn på nytt for å sjå billettane dine.');
    expect(failureMessage(status(401), 'watch-list')).toBe('Du må logge inn på nytt for å sjå ønskjelista di.');
    for (const message of messages) expect(message).not.toBe('Du må logge inn på nytt for å sjå dette.');
  });

  it('offers signing in again only where a stale session is the likely cause', () => {
    expect(needsSignIn(status(401), 'tickets')).toBe(true);
    expect(needsSignIn(status(401), 'sign-up')).toBe(false);
    expect(needsSignIn(status(500), 'tickets')).toBe(false);
  });
});

describe('posters', () => {
  const naustet: FilmPoster = {
    edis: ['318119'],
    title: 'Naustet',
    src: '/media/naustet-poster.webp?width=320&height=480',
    url: '/media/naustet-poster.webp',
    alt: 'Plakat: eit naust i skumringa',
    width: 600,
    height: 900,
  };
  const posters = [naustet];

  it('gives a content poster an alt that names the film, then says what the picture shows', () => {
    const film = {
      object: 'movie',
      title: 'Naustet',
      features: { edis: ['318119'] },
      assets: [{ type: 'poster', url: '/p.webp', alt: 'Filmplakat. Illustrasjon: raude naust ved sjøen.', width: 600, height: 900 }],
    } as unknown as Production;
    expect(filmPosters([film])[0]?.alt).toBe('Plakat for filmen «Naustet». Illustrasjon: raude naust ved sjøen.');
  });

  it('shows the programme’s small copy of a content poster, not the full-size original', () => {
    const film = (width: number, height: number) =>
      ({
        object: 'movie',
        title: 'Naustet',
        features: { edis: ['318119'] },
        assets: [{ type: 'poster', url: '/media/p.webp', alt: 'Filmplakat.', width, height }],
      }) as unknown as Production;
    expect(filmPosters([film(600, 900)])[0]).toMatchObject({ src: '/media/p.webp?width=320&height=480', url: '/media/p.webp', width: 320, height: 480 });
    // A poster smaller than the copy is shown at its own size.
    expect(filmPosters([film(200, 300)])[0]).toMatchObject({ src: '/media/p.webp?width=200&height=300', width: 200 });
  });

  it('finds the content poster by EDI number, or by title where there is none', () => {
    expect(contentPoster({ edis: ['999', '318119'], title: 'Anna' }, posters)).toBe(naustet);
    expect(contentPoster({ edis: ['999'], title: 'Naustet' }, posters)).toBeNull();
    expect(contentPoster({ title: ' naustet ' }, posters)).toBe(naustet);
  });

  it('shows the partner picture, falling back to the content poster; the content poster keeps its alt', () => {
    expect(choosePoster({ edis: ['318119'], title: 'Naustet', picture: 'https://fk.example/p.jpg' }, posters)).toEqual({
      src: 'https://fk.example/p.jpg',
      alt: 'Plakat for filmen «Naustet»',
      fallback: naustet,
    });
    expect(choosePoster({ edis: ['318119'], title: 'Naustet', picture: null }, posters)).toEqual({ src: naustet.src, alt: naustet.alt, fallback: null });
    expect(choosePoster({ edis: ['318119'], title: 'Naustet', picture: naustet.src }, posters)).toEqual({ src: naustet.src, alt: naustet.alt, fallback: null });
    // The partner sending back the content's own picture gets the small copy of it.
    expect(choosePoster({ edis: ['318119'], title: 'Naustet', picture: naustet.url }, posters)).toEqual({ src: naustet.src, alt: naustet.alt, fallback: null });
    expect(choosePoster({ edis: ['1'], title: 'Ukjend', picture: null }, posters)).toBeNull();
  });
});
