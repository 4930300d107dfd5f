/**
 * Reading the partner's records (SPEC §3) in either shape: capitalised as the movie info is
 * described, camelCase as the review and ticket lists read; and a record that lacks fields,
 * which becomes empty values and one warning naming them.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  profileFromLogin,
  profileFromSignUp,
  qrPayload,
  readList,
  readMovieInfo,
  readReview,
  readTicket,
  readWatchItem,
  toReview,
  type MissingFieldsReport,
} from '../../../../src/lib/filmclub/model';

const capitalisedReview = {
  Id: 17,
  Comment: 'Skummel!',
  Rating: 4.5,
  AddedAt: '2026-11-01T10:00:00Z',
  LikesCount: 3,
  MovieId: 7,
  UserId: 5001,
  UserName: 'Per',
  Image: null,
  IsLiked: true,
};
const camelReview = {
  id: 17,
  comment: 'Skummel!',
  rating: 4.5,
  addedAt: '2026-11-01T10:00:00Z',
  likesCount: 3,
  movieId: 7,
  userId: 5001,
  userName: 'Per',
  image: null,
  isLiked: true,
};
const review = {
  id: '17',
  comment: 'Skummel!',
  rating: 4.5,
  addedAt: '2026-11-01T10:00:00Z',
  likesCount: 3,
  movieId: 7,
  userId: '5001',
  userName: 'Per',
  image: null,
  isLiked: true,
};

const capitalisedTicket = {
  MovieId: 7,
  MovieTitle: 'Naustet',
  Notes: 'Rullestolplass',
  QrCode: 'KAIA-1',
  QrUrl: 'https://billett.example/kaia/ticket/KAIA-1',
  StartTime: '2026-11-26T20:30:00+01:00',
  ExpirationDate: '2026-11-26T23:00:00+01:00',
  Poster: '/media/naustet.webp',
  Sal: 'Wickssalen',
  SeatsInfo: {
    Info: '3 plassar',
    Seats: [
      { Row: 4, Seats: [7, 8] },
      { Row: 5, Seats: [3] },
    ],
  },
};
const camelTicket = {
  movieId: 7,
  movieTitle: 'Naustet',
  notes: 'Rullestolplass',
  qrCode: 'KAIA-1',
  qrUrl: 'https://billett.example/kaia/ticket/KAIA-1',
  startTime: '2026-11-26T20:30:00+01:00',
  expirationDate: '2026-11-26T23:00:00+01:00',
  poster: '/media/naustet.webp',
  sal: 'Wickssalen',
  seatsInfo: {
    info: '3 plassar',
    seats: [
      { row: 4, seats: [7, 8] },
      { row: 5, seats: [3] },
    ],
  },
};
const ticket = {
  movieId: 7,
  movieTitle: 'Naustet',
  notes: 'Rullestolplass',
  qrCode: 'KAIA-1',
  qrUrl: 'https://billett.example/kaia/ticket/KAIA-1',
  startTime: '2026-11-26T20:30:00+01:00',
  expirationDate: '2026-11-26T23:00:00+01:00',
  image: '/media/naustet.webp',
  sal: 'Wickssalen',
  seatsInfo: {
    info: '3 plassar',
    seats: [
      { row: 4, seats: [7, 8] },
      { row: 5, seats: [3] },
    ],
  },
};

describe('reviews', () => {
  it('reads a capitalised record and a camelCase one alike', () => {
    expect(readReview(capitalisedReview)).toEqual({ value: review, missing: [] });
    expect(readReview(camelReview)).toEqual({ value: review, missing: [] });
  });

  it('fills what a record lacks with empty values and names the missing fields', () => {
    const { value, missing } = readReview({ id: 3, comment: 'Fin', userName: 'Ada' });
    expect(value).toEqual({
      id: '3',
      comment: 'Fin',
      rating: null,
      addedAt: '',
      likesCount: 0,
      movieId: 0,
      userId: '',
      userName: 'Ada',
      image: null,
      isLiked: false,
    });
    expect(missing).toEqual(['rating', 'addedAt', 'likesCount', 'movieId', 'userId', 'image', 'isLiked']);
  });

  it('reads a rating given as text', () => {
    expect(readReview({ ...camelReview, rating: '4,3' }).value.rating).toBe(4.3);
    expect(readReview({ ...camelReview, rating: 'god' }).value.rating).toBeNull();
  });

  it('warns once per record read on its own, naming the fields', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      toReview({ Comment: 'Berre tekst' });
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/review records lack expected fields: id, rating, addedAt/);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('tickets', () => {
  it('reads a capitalised record and a camelCase one alike, the poster as its image', () => {
    expect(readTicket(capitalisedTicket)).toEqual({ value: ticket, missing: [] });
    expect(readTicket(camelTicket)).toEqual({ value: ticket, missing: [] });
  });

  it('takes the image from image when there is no poster', () => {
    const { poster: _, ...withoutPoster } = camelTicket;
    expect(readTicket({ ...withoutPoster, image: '/media/b.webp' })).toMatchObject({ value: { image: '/media/b.webp' }, missing: [] });
  });

  it('names the missing fields of a ticket and of its seats', () => {
    const { value, missing } = readTicket({ movieTitle: 'Naustet', qrCode: 'KAIA-2', seatsInfo: { seats: [{ row: 2, seats: [1] }] } });
    expect(value).toMatchObject({ movieTitle: 'Naustet', startTime: '', image: null, seatsInfo: { info: '', seats: [{ row: 2, seats: [1] }] } });
    expect(missing).toEqual(['movieId', 'notes', 'qrUrl', 'startTime', 'expirationDate', 'poster', 'sal', 'seatsInfo.info']);
    expect(readTicket({}).missing).toContain('seatsInfo');
  });
});

describe('movie info and watch list', () => {
  it('reads movie info in either case; without a title there is none', () => {
    const camel = { title: 'Naustet', movieId: 7, edis: ['318119'], rating: 4.3, ratingCount: 31, poster: '/p.webp', link: 'https://fk.example/7' };
    const capital = { Title: 'Naustet', MovieId: 7, Edis: ['318119'], Rating: 4.3, RatingCount: 31, Poster: '/p.webp', Link: 'https://fk.example/7' };
    expect(readMovieInfo(camel)).toEqual(readMovieInfo(capital));
    expect(readMovieInfo(capital).value).toEqual(camel);
    expect(readMovieInfo({ MovieId: 7 }).value).toBeNull();
  });

  it('reads watch-list films in either case', () => {
    const item = { movieId: 7, title: 'Naustet', edis: ['318119'], poster: '/p.webp', link: null };
    expect(readWatchItem({ MovieId: 7, Title: 'Naustet', Edis: ['318119'], Poster: '/p.webp', Link: null }).value).toEqual(item);
    expect(readWatchItem(item)).toEqual({ value: item, missing: [] });
  });
});

describe('lists', () => {
  it('reports the fields lacking anywhere in a list once, with how many records lacked some', () => {
    const report = vi.fn<MissingFieldsReport>();
    const reviews = readList([camelReview, capitalisedReview, { comment: 'Utan alt' }, { ...camelReview, rating: undefined }], readReview, 'review', report);
    expect(reviews.map((item) => item.comment)).toEqual(['Skummel!', 'Skummel!', 'Utan alt', 'Skummel!']);
    expect(report).toHaveBeenCalledOnce();
    expect(report.mock.calls[0]?.[0]).toBe('review');
    expect(report.mock.calls[0]?.[1]).toEqual(['id', 'rating', 'addedAt', 'likesCount', 'movieId', 'userId', 'userName', 'image', 'isLiked']);
    expect(report.mock.calls[0]?.slice(2)).toEqual([2, 4]);
  });

  it('reports nothing for complete records', () => {
    const report = vi.fn<MissingFieldsReport>();
    readList([camelTicket, capitalisedTicket], readTicket, 'ticket', report);
    expect(report).not.toHaveBeenCalled();
  });
});

describe('what a real partner may send', () => {
  it('keeps a seat numbered 0 (a partner counting from 0), and drops entries that are no seat number', () => {
    const seats = readTicket({ ...camelTicket, seatsInfo: { info: '3 plassar', seats: [{ row: 1, seats: [0, 1, '2', 'x', null, -1, 1.5] }] } }).value.seatsInfo
      .seats;
    expect(seats).toEqual([{ row: 1, seats: [0, 1, 2] }]);
    expect(readTicket({ ...capitalisedTicket, SeatsInfo: { Info: '', Seats: [{ Row: 3, Seats: [0] }] } }).value.seatsInfo.seats).toEqual([
      { row: 3, seats: [0] },
    ]);
  });

  it('puts the QR code on the URL when a ticket has both, and on the code when it has no URL', () => {
    const both = readTicket(capitalisedTicket).value;
    expect(qrPayload(both)).toBe('https://billett.example/kaia/ticket/KAIA-1');
    expect(qrPayload(readTicket({ ...camelTicket, qrUrl: '' }).value)).toBe('KAIA-1');
    expect(qrPayload(readTicket({ ...camelTicket, qrUrl: null }).value)).toBe('KAIA-1');
  });

  it('coerces numbers given as text and text given as numbers, and reads a field given in both cases by its camelCase name', () => {
    const read = readWatchItem({ MovieId: '42', Title: 'Naustet', Edis: [318119, ''], Poster: '', title: 'Naustet (2D)' }).value;
    expect(read).toEqual({ movieId: 42, title: 'Naustet (2D)', edis: ['318119'], poster: null, link: null });
    expect(readReview({ ...camelReview, likesCount: '12', isLiked: 'true' }).value).toMatchObject({ likesCount: 12, isLiked: true });
  });

  it('treats what is not a record, or fields of an unusable type, as empty values instead of failing', () => {
    expect(readTicket('<html>').value).toMatchObject({ movieTitle: '', seatsInfo: { info: '', seats: [] } });
    expect(readTicket({ ...camelTicket, seatsInfo: { info: 3, seats: 'alle' } }).value.seatsInfo).toEqual({ info: '3', seats: [] });
    expect(readMovieInfo({ Title: { nb: 'Naustet' } }).value).toBeNull();
    expect(readReview({ __proto__: { comment: 'arva' }, Comment: 'eigen' }).value.comment).toBe('eigen');
  });

  it('signs in from a login or sign-up answer in either case, and only with a token', () => {
    expect(profileFromLogin({ UserName: 'Kari', UserInfo: 'kari@example.no', marsToken: 't1' })).toEqual({
      userName: 'Kari',
      email: 'kari@example.no',
      token: 't1',
    });
    expect(profileFromLogin({ userName: 'Kari', userInfo: 'kari@example.no', MarsToken: 't1' })).toEqual({
      userName: 'Kari',
      email: 'kari@example.no',
      token: 't1',
    });
    expect(profileFromLogin({ UserName: 'Kari', marsToken: '' })).toBeNull();
    expect(profileFromSignUp({ UserName: 'Ola', ContactEmail: 'ola@example.no', Token: 't2' })).toEqual({
      userName: 'Ola',
      email: 'ola@example.no',
      token: 't2',
    });
    expect(profileFromSignUp({ token: 't3', userName: 'Ola', contactEmail: 'ola@example.no' })?.token).toBe('t3');
  });
});
