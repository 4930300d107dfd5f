/**
 * Tickets the sandbox issues to members: real showtimes of the demo films (from events.json) in
 * the two cinema halls, in the partner API's own shape. A ticket is issued once, stored with the
 * member and served as stored, like a bought ticket.
 */
import { fnv1a, halls, type Catalogue, type Movie, type Partner, type Showtime } from './catalogue';

export interface TicketSeats {
  Row: number;
  Seats: number[];
}

/** A ticket in the partner API's shape (GET /tickets). */
export interface Ticket {
  MovieId: number;
  MovieTitle: string;
  Notes: string;
  /** The code the QR image encodes, e.g. 'KAIA-118-000123'. */
  QrCode: string;
  QrUrl: string;
  /** ISO 8601 with offset. */
  StartTime: string;
  ExpirationDate: string;
  Poster: string | null;
  Sal: string;
  SeatsInfo: { Info: string; Seats: TicketSeats[] };
}

/** Tickets are for showtimes from here on (all of them fall in Nov 2026 – Jan 2027). */
const firstTicketTime = Date.parse('2026-12-01T00:00:00+01:00');
const lastTicketTime = Date.parse('2027-02-01T00:00:00+01:00');

export function ticketCode(partner: Partner, serial: number): string {
  return `KAIA-${partner}-${String(serial).padStart(6, '0')}`;
}

export function ticketUrl(code: string): string {
  return `https://billett.example/kaia/ticket/${encodeURIComponent(code)}`;
}

/** '1 plass', '2 plassar' (nynorsk). */
export function seatsLabel(count: number): string {
  return count === 1 ? '1 plass' : `${count} plassar`;
}

/** The showtimes tickets can be issued for: real ones if the content has them, else made up. */
export function ticketShowtimes(catalogue: Catalogue): Showtime[] {
  const real = catalogue.showtimes.filter((showtime) => {
    const at = Date.parse(showtime.startTime);
    return at >= firstTicketTime && at < lastTicketTime && catalogue.byId.has(showtime.movieId);
  });
  if (real.length > 0) return real;
  // No events file: two evening shows a day in December, one per hall, film after film.
  const showing = catalogue.movies.filter((movie) => movie.objectClass === 'movie');
  const films = showing.length > 0 ? showing : catalogue.movies;
  return films.map((movie, index) => {
    const day = String(2 + index).padStart(2, '0');
    const hour = index % 2 === 0 ? '18' : '20';
    return {
      movieId: movie.movieId,
      startTime: `2026-12-${day}T${hour}:00:00+01:00`,
      endTime: `2026-12-${day}T${Number(hour) + 2}:00:00+01:00`,
      hall: halls[index % 2] ?? 'Soltun scene',
      version: null,
      tags: [],
    };
  });
}

/** A ticket for one showtime; `serial` numbers the ticket code. */
export function makeTicket(partner: Partner, movie: Movie, showtime: Showtime, serial: number, seats: TicketSeats[]): Ticket {
  const code = ticketCode(partner, serial);
  const count = seats.reduce((sum, row) => sum + row.Seats.length, 0);
  return {
    MovieId: movie.movieId,
    MovieTitle: movie.title,
    Notes: notesFor(showtime),
    QrCode: code,
    QrUrl: ticketUrl(code),
    StartTime: showtime.startTime,
    ExpirationDate: showtime.endTime ?? addHours(showtime.startTime, 3),
    Poster: movie.poster,
    Sal: showtime.hall,
    SeatsInfo: { Info: seatsLabel(count), Seats: seats },
  };
}

function notesFor(showtime: Showtime): string {
  const parts: string[] = [];
  if (showtime.version) parts.push(`${showtime.version}.`);
  if (showtime.tags.includes('babykino')) parts.push('Babykino: dempa lys og lågare lyd.');
  if (showtime.tags.includes('strikkekino')) parts.push('Strikkekino: lyset er litt på under filmen.');
  if (showtime.tags.includes('seniorkino')) parts.push('Seniorkino med kaffi i pausen.');
  parts.push('Salen opnar 20 minutt før start. Vis billetten i døra.');
  return parts.join(' ');
}

/** Adds hours to an ISO time with offset, keeping the offset (Oslo is +01:00 all winter). */
function addHours(iso: string, hours: number): string {
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(iso)?.[1] ?? 'Z';
  const shift = offset === 'Z' ? 0 : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const local = new Date(Date.parse(iso) + hours * 3_600_000 + shift * 60_000);
  return `${local.toISOString().slice(0, 19)}${offset === 'Z' ? 'Z' : offset}`;
}

/**
 * The demo member's three tickets: three different films spread over the ticket period, the
 * first for four seats over two rows, the others for two and one.
 */
export function demoTickets(partner: Partner, catalogue: Catalogue, nextSerial: () => number): Ticket[] {
  const seatPlans: TicketSeats[][] = [
    [
      { Row: 7, Seats: [11, 12] },
      { Row: 8, Seats: [11, 12] },
    ],
    [{ Row: 5, Seats: [8, 9] }],
    [{ Row: 3, Seats: [14] }],
  ];
  const showtimes = ticketShowtimes(catalogue);
  const tickets: Ticket[] = [];
  const used = new Set<number>();
  seatPlans.forEach((plan, index) => {
    // From a third of the way along for each ticket, the first showtime of a film not yet used.
    const from = Math.floor((showtimes.length * index) / seatPlans.length);
    const showtime = [...showtimes.slice(from), ...showtimes.slice(0, from)].find((candidate) => !used.has(candidate.movieId));
    const movie = showtime && catalogue.byId.get(showtime.movieId);
    if (!showtime || !movie) return;
    used.add(movie.movieId);
    tickets.push(makeTicket(partner, movie, showtime, nextSerial(), plan));
  });
  return tickets;
}

/** A new member's welcome ticket: a showtime and two seats picked from the e-mail address. */
export function welcomeTicket(partner: Partner, catalogue: Catalogue, email: string, serial: number): Ticket | undefined {
  const showtimes = ticketShowtimes(catalogue);
  if (showtimes.length === 0) return undefined;
  const seed = fnv1a(`${partner}:${email.toLowerCase()}`);
  const showtime = showtimes[seed % showtimes.length];
  const movie = showtime ? catalogue.byId.get(showtime.movieId) : undefined;
  if (!showtime || !movie) return undefined;
  const row = 1 + (seed % 12);
  const seat = 1 + ((seed >>> 8) % 16);
  return makeTicket(partner, movie, showtime, serial, [{ Row: row, Seats: [seat, seat + 1] }]);
}
