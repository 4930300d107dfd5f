/**
 * What the film-club sandbox knows about films: the demo films of the content snapshot
 * (`content/productions.json`, films with EDI numbers), their showtimes (`events.json` beside it,
 * if present) and a deterministic set of member reviews per film and partner.
 *
 * Everything here is derived, never stored: the same productions give the same movie ids,
 * ratings and reviews on every start, so tests and screenshots are stable.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Partner = 118 | 178;

export const partners: readonly Partner[] = [118, 178];

/** The repository's content snapshot of productions, wherever the process was started from. */
export const defaultProductionsFile = fileURLToPath(new URL('../../content/productions.json', import.meta.url));

/** A film as the sandbox serves it (movie info, watch list, tickets). */
export interface Movie {
  /** Stable number derived from the production id (see movieIdOf). */
  movieId: number;
  productionId: string;
  title: string;
  /** Every EDI number of the film (one per version: dubbed, original, 2D/3D ...). */
  edis: string[];
  /** The production's poster asset URL (else its first_image), as the content has it; null without either. */
  poster: string | null;
  /** The film's genres as the content names them ('skrekk', 'familie', ...). */
  genres: string[];
  /** 'movie' (showing) or 'movie_coming'. */
  objectClass: string;
  /** Premiere date (YYYY-MM-DD) if the content gives one. */
  premiere: string | null;
}

/** A showtime of a film, from events.json; tickets are issued for these. */
export interface Showtime {
  movieId: number;
  /** ISO 8601 with offset, as the runtime API gives it. */
  startTime: string;
  endTime: string | null;
  hall: string;
  version: string | null;
  tags: string[];
}

export interface Catalogue {
  readonly movies: readonly Movie[];
  readonly byId: ReadonlyMap<number, Movie>;
  readonly byEdi: ReadonlyMap<string, Movie>;
  /** Film showtimes in the two cinema halls, sorted by start time. */
  readonly showtimes: readonly Showtime[];
}

/** The partner's public web page of a film (a placeholder host: the partner sites are not ours). */
export function movieLink(partner: Partner, movieId: number): string {
  return `https://filmklubb.example/${partner}/film/${movieId}`;
}

/** The two cinema halls of the house; tickets are only ever for these. */
export const halls = ['Soltun scene', 'Wickssalen'] as const;

/** 32-bit FNV-1a of a string: small, stable and good enough to spread ids and seeds. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The movie id of a production: a six-digit number derived from its id, so it stays the same
 * across restarts, partners and re-imports. (Collisions are resolved in loadCatalogue.)
 */
export function movieIdOf(productionId: string): number {
  return 100000 + (fnv1a(productionId) % 900000);
}

/** Loads the films of a productions file (and the showtimes of the events.json beside it). */
export function loadCatalogue(productionsFile: string = defaultProductionsFile): Catalogue {
  const raw = readJsonArray(productionsFile);
  const movies: Movie[] = [];
  const byId = new Map<number, Movie>();
  const byEdi = new Map<string, Movie>();
  const byReference = new Map<string, Movie>();
  for (const record of raw) {
    const production = asRecord(record);
    if (!production || production['object'] !== 'movie') continue;
    const id = production['id'];
    const title = production['title'];
    const features = asRecord(production['features']);
    const edis = Array.isArray(features?.['edis']) ? (features['edis'] as unknown[]).filter((edi): edi is string => typeof edi === 'string' && edi !== '') : [];
    if (typeof id !== 'string' || typeof title !== 'string' || edis.length === 0) continue;
    let movieId = movieIdOf(id);
    // Probing keeps ids unique and, as the content is read in order, still deterministic.
    while (byId.has(movieId)) movieId = movieId >= 999999 ? 100000 : movieId + 1;
    const premiere = features?.['premiere'];
    const movie: Movie = {
      movieId,
      productionId: id,
      title,
      edis,
      poster: assetUrl(production, 'poster') ?? assetUrl(production, 'first_image'),
      genres: Array.isArray(features?.['genres']) ? (features['genres'] as unknown[]).filter((genre): genre is string => typeof genre === 'string') : [],
      objectClass: typeof production['objectClass'] === 'string' ? production['objectClass'] : 'movie',
      premiere: typeof premiere === 'string' ? premiere : null,
    };
    movies.push(movie);
    byId.set(movieId, movie);
    for (const edi of edis) if (!byEdi.has(edi)) byEdi.set(edi, movie);
    for (const key of ['pageReference', 'parentSlug']) {
      const reference = production[key];
      if (typeof reference === 'string') byReference.set(reference, movie);
    }
  }
  const showtimes = loadShowtimes(join(dirname(productionsFile), 'events.json'), byReference, byEdi);
  return { movies, byId, byEdi, showtimes };
}

function assetUrl(production: Record<string, unknown>, type: 'poster' | 'first_image'): string | null {
  const assets = production['assets'];
  if (!Array.isArray(assets)) return null;
  for (const asset of assets) {
    const record = asRecord(asset);
    if (record?.['type'] === type && typeof record['url'] === 'string') return record['url'];
  }
  return null;
}

/** Film showtimes in the two halls; a missing or unreadable events file gives none. */
function loadShowtimes(file: string, byReference: ReadonlyMap<string, Movie>, byEdi: ReadonlyMap<string, Movie>): Showtime[] {
  if (!existsSync(file)) return [];
  let raw: unknown[];
  try {
    raw = readJsonArray(file);
  } catch (error) {
    console.warn(`filmclub sandbox: ignoring showtimes: ${(error as Error).message}`);
    return [];
  }
  const showtimes: Showtime[] = [];
  for (const record of raw) {
    const event = asRecord(record);
    if (!event || event['object'] !== 'movie') continue;
    const production = asRecord(event['production']);
    const reference = production?.['pageReference'] ?? production?.['parentSlug'];
    const edi = event['ediNumber'];
    const movie = (typeof reference === 'string' ? byReference.get(reference) : undefined) ?? (typeof edi === 'string' ? byEdi.get(edi) : undefined);
    const hall = asRecord(event['venue'])?.['name'];
    const startTime = event['startTime'];
    if (!movie || typeof startTime !== 'string' || Number.isNaN(Date.parse(startTime))) continue;
    if (typeof hall !== 'string' || !(halls as readonly string[]).includes(hall)) continue;
    const endTime = event['endTime'];
    const version = event['version'];
    const tags = Array.isArray(event['tags']) ? event['tags'].filter((tag): tag is string => typeof tag === 'string') : [];
    showtimes.push({
      movieId: movie.movieId,
      startTime,
      endTime: typeof endTime === 'string' && !Number.isNaN(Date.parse(endTime)) ? endTime : null,
      hall,
      version: typeof version === 'string' ? version : null,
      tags,
    });
  }
  return showtimes.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

function readJsonArray(file: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(`${file}: cannot be read as JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(value)) throw new Error(`${file}: must hold a JSON array`);
  return value;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Ratings and reviews: generated from a seed of partner and movie, so each partner has its own
// community, yet the same answer every time.

/** A review in the partner API's own shape. */
export interface Review {
  Id: number;
  Comment: string;
  Rating: number;
  AddedAt: string;
  LikesCount: number;
  MovieId: number;
  UserId: number;
  UserName: string;
  Image: string | null;
  IsLiked: boolean;
}

export interface Rating {
  /** Average star rating, 1..5 with one decimal. */
  rating: number;
  /** How many members rated the film (with or without a written review). */
  count: number;
}

/** Small seeded generator (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const reviewers = [
  'Ingrid Holm',
  'Ola Myklebust',
  'Sigrid Aukrust',
  'Per Eide',
  'Marit Gjerde',
  'Eirik Lyngstad',
  'Solveig Hoem',
  'Anders Sandnes',
  'Kristin Bolsønes',
  'Jon Rindarøy',
  'Hanne Otterlei',
  'Tor Inge Gossen',
  'Liv Torvik',
  'Magnus Nerland',
  'Astrid Julsrud',
  'Nils Harøy',
] as const;

/**
 * What members write, by the kind of film and how many stars they gave: short nynorsk
 * comments that fit the film (no 'the children loved it' under an 18-rated horror film).
 * Each film draws its comments without putting them back, so no comment is written twice
 * under one film; when a film's pool for a rating runs out, that rating comes without words.
 */
type Kind = 'horror' | 'thriller' | 'family' | 'documentary' | 'comedy' | 'drama';

function kindOf(genres: readonly string[]): Kind {
  const has = (...names: string[]) => names.some((name) => genres.includes(name));
  if (has('skrekk')) return 'horror';
  if (has('thriller', 'krim', 'spenning')) return 'thriller';
  if (has('familie', 'animasjon')) return 'family';
  if (has('dokumentar')) return 'documentary';
  if (has('komedie')) return 'comedy';
  return 'drama';
}

/** By kind: comments for 1–2 stars, 3 stars and 4–5 stars. */
const commentsByKind: Record<Kind, { low: readonly string[]; mid: readonly string[]; high: readonly string[] }> = {
  horror: {
    low: [
      'For mykje blod og for lite uhygge.',
      'Skremmande lite skremmande.',
      'Eg skjøna aldri kva som var ute etter dei.',
      'Billege skvettar, ingen ekte frykt.',
    ],
    mid: [
      'Nokre gode skvettar, men slutten datt saman.',
      'Fin stemning i fjøra, litt tynt manus.',
      'Grei grøssar for ein regnkveld.',
      'Flott foto, men eg vart aldri verkeleg redd.',
      'Sterk start, svak slutt.',
    ],
    high: [
      'Eg sov med lyset på etterpå.',
      'Lydbiletet sit framleis i kroppen.',
      'Sjeldan har eg halde så hardt i kinostolen.',
      'Ekte norsk grøss, roleg og vond på same tid.',
      'Sterk skodespelarprestasjon i hovudrolla. Uhyggeleg god.',
      'Ikkje for sarte sjeler, men for oss andre: sjå han!',
      'Den beste norske skrekkfilmen på mange år.',
      'Stilla før det smell er nesten verst.',
      'Eg turte knapt gå heim i mørkret.',
      'Uhygge som kryp under huda, ikkje billege triks.',
    ],
  },
  thriller: {
    low: ['Eg gjetta løysinga etter ti minutt.', 'Mykje prat, lite spenning.', 'For mange tråder som aldri vart knytte.'],
    mid: ['Spennande første time, litt lang mot slutten.', 'Godt spela, men plottet held ikkje heilt.', 'Grei krim, ikkje meir.'],
    high: [
      'Sat ytst på stolkanten heile vegen.',
      'Eit plott som held til siste scene.',
      'Stram og nervepirrande, utan eit sekund for mykje.',
      'Endeleg ein krim som stolar på publikum.',
      'Dei siste tjue minutta er noko av det beste eg har sett i år.',
      'Mørk, kald og fengslande.',
    ],
  },
  family: {
    low: [
      'Vesla på fem kjeda seg, og det gjorde eg òg.',
      'Litt for masete for dei minste.',
      'Tynn historie, sjølv for ein familiefilm.',
      'For skummel for fireåringen vår.',
    ],
    mid: [
      'Borna lo, vi vaksne kikka på klokka.',
      'Koseleg, men litt lang for dei minste.',
      'Fin søndagsfilm, ikkje noko meir.',
      'Søt, men gløymd før vi var heime.',
      'Fine figurar, litt tynn historie.',
      'Passar best for dei mellom fem og ti.',
    ],
    high: [
      'Borna har snakka om han heile veka.',
      'Både sjuåringen og bestefar lo høgt.',
      'Fargerik og varm, med humor for store og små.',
      'Vakker animasjon, og ein song vi ikkje får ut av hovudet.',
      'Ein perfekt første kinotur for vesla på fire.',
      'Spennande nok for tiåringen, trygg nok for femåringen.',
      'Eventyr med hjarte, og ein skurk ein kan le av.',
      'Vi var tre generasjonar på kino, og alle var nøgde.',
      'Sjeldan har salen vore så stille under ein barnefilm.',
      'Gullkorn for dei vaksne òg.',
      'Sjuåringen ville sjå han att med ein gong.',
      'Fin om venskap og mot, utan å preike.',
    ],
  },
  documentary: {
    low: ['Viktig tema, men tungt fortalt.', 'For mykje prat og for få bilete.', 'Einsidig og litt for lang.', 'Meir reportasje enn film.'],
    mid: [
      'Lærerik, men litt lang.',
      'Fine bilete, litt spreidd forteljing.',
      'Interessant, men eg sakna fleire stemmer.',
      'Grei dokumentar, passar like godt på TV.',
      'Gode intervju, roleg tempo.',
      'Tankevekkjande, men han kunne vore kortare.',
    ],
    high: [
      'Lærte meir på halvanna time enn på eit heilt skuleår.',
      'Vakre bilete og kloke folk. Sjå han!',
      'Rørande om folk og arbeid, utan å bli sentimental.',
      'Denne bør alle sjå.',
      'Sterk og ærleg dokumentar. Eg gret litt.',
      'Nydelege naturbilete på stort lerret.',
      'Kloke folk som fekk snakke ferdig.',
      'Sjeldan har ein dokumentar gripe meg slik.',
      'Musikken og bileta lyfter heile filmen.',
      'Eg kjøpte billett til mor mi med ein gong.',
    ],
  },
  comedy: {
    low: ['Eg lo ein gong, og det var av trailaren.', 'Vitsane var brukte før.'],
    mid: ['Nokre gode latterar, men mykje tomgang.', 'Lettbeint og grei, gløymd dagen etter.', 'Koseleg, men ikkje så morosam som eg håpa.'],
    high: [
      'Heile salen lo så det rista.',
      'Endeleg ein norsk komedie som er morosam på ordentleg.',
      'Hovudpersonen er ein figur eg vil sjå meir av.',
      'Varm humor og herleg timing.',
      'Eg lo til eg gret. Ta med heile familien.',
    ],
  },
  drama: {
    low: [
      'Dessverre ikkje noko for meg.',
      'Altfor langdryg.',
      'Fine bilete, men eg brydde meg aldri om folka.',
      'Eg gav opp etter ein halvtime.',
      'Hadde venta meir etter alt skrivet.',
      'Tung og treg, utan at det førte nokon stad.',
    ],
    mid: [
      'Godt spela, litt seint tempo.',
      'Litt ujamn, men verdt ein tur.',
      'Fin film ein kald kveld.',
      'Sterke scener, men han tok aldri heilt av.',
      'Heilt greitt, ikkje meir.',
      'Fine bilete, men tynn historie.',
      'Nokre gode scener, elles lite å hente.',
      'God idé, litt for lang.',
      'Verdt det for skodespelarane åleine.',
    ],
    high: [
      'Rørande og vakker.',
      'Sterk film, varmt tilrådd!',
      'Eg gret og lo om kvarandre.',
      'Må sjåast på stort lerret.',
      'Skodespelarane ber filmen heilt inn.',
      'Han sat i meg lenge etterpå.',
      'Eg kjem til å sjå han ein gong til.',
      'Stille og klok, og heilt utan store ord.',
      'Vakker musikk og endå vakrare bilete.',
      'Ein fin kinokveld med gode skodespelarar.',
      'Vi snakka om han heile vegen heim.',
      'Sterk historie, fortalt med stor varme.',
      'Ærleg og sår. Tilrådd!',
      'Eit nært portrett som treffer.',
    ],
  },
};

/** The comment pools of one film, each to be drawn from without putting back. */
function commentPools(movie: Movie): Record<'low' | 'mid' | 'high', string[]> {
  const pools = commentsByKind[kindOf(movie.genres)];
  return { low: [...pools.low], mid: [...pools.mid], high: [...pools.high] };
}

function levelOf(stars: number): 'low' | 'mid' | 'high' {
  return stars <= 2 ? 'low' : stars === 3 ? 'mid' : 'high';
}

/** A skewed star rating: most members are kind, a few are not. */
function starsFrom(random: () => number, bias: number): number {
  const value = Math.round(bias + (random() - 0.5) * 3);
  return Math.min(5, Math.max(1, value));
}

/** Everything the generator produces for one film and partner. */
interface Community {
  reviews: Review[];
  rating: Rating;
}

const communities = new Map<string, Community>();

/** Reviews are dated between the premiere and this moment (just before the demo's 'now'). */
const reviewsUntil = '2026-11-22T20:00:00Z';

function communityOf(partner: Partner, movie: Movie): Community {
  const key = `${partner}:${movie.movieId}`;
  const cached = communities.get(key);
  if (cached) return cached;
  const random = seededRandom(fnv1a(`filmclub:${key}`));
  // The film's own standing: between 3 and 4.8 stars on average.
  const bias = 3 + random() * 1.8;
  const start = Date.parse(`${movie.premiere ?? '2026-10-01'}T12:00:00Z`);
  const end = Date.parse(reviewsUntil);
  // Films not yet released have no written reviews (their stars come from preview screenings);
  // of the others roughly one in five has none yet, the rest 1 to 25.
  const released = movie.objectClass !== 'movie_coming' && start < end;
  const count = !released || random() < 0.2 ? 0 : 1 + Math.floor(random() * 25);
  const reviews: Review[] = [];
  const pools = commentPools(movie);
  let wordless = 0;
  for (let i = 0; i < count; i++) {
    const rating = starsFrom(random, bias);
    const options = pools[levelOf(rating)];
    const who = Math.floor(random() * reviewers.length);
    const userName = reviewers[who] ?? 'Filmvenn';
    const at = start + Math.floor(random() * (end - start));
    const likes = Math.floor(random() * random() * 40);
    const withImage = random() < 0.6;
    // Drawn without putting back: a comment is written once per film.
    const comment = options.splice(Math.floor(random() * options.length), 1)[0];
    if (comment === undefined) {
      wordless += 1;
      continue;
    }
    reviews.push({
      Id: movie.movieId * 100 + i + 1,
      Comment: comment,
      Rating: rating,
      AddedAt: new Date(at - (at % 60_000)).toISOString(),
      LikesCount: likes,
      MovieId: movie.movieId,
      UserId: 5000 + who,
      UserName: userName,
      Image: withImage ? avatar(userName, who) : null,
      IsLiked: false,
    });
  }
  // Newest first, as review lists are shown.
  reviews.sort((a, b) => b.AddedAt.localeCompare(a.AddedAt) || a.Id - b.Id);
  // Members may rate without writing: a few dozen star-only ratings on top of the reviews.
  const silent = 2 + Math.floor(random() * 60);
  let total = reviews.reduce((sum, review) => sum + review.Rating, 0);
  // Ratings whose comment pool had run out count as star-only ones.
  for (let i = 0; i < silent + wordless; i++) total += starsFrom(random, bias);
  const ratingCount = reviews.length + silent + wordless;
  const community: Community = {
    reviews,
    rating: { rating: Math.round((total / ratingCount) * 10) / 10, count: ratingCount },
  };
  communities.set(key, community);
  return community;
}

/** The film's reviews for a partner, newest first (all of them; callers page). */
export function reviewsFor(partner: Partner, movie: Movie): readonly Review[] {
  return communityOf(partner, movie).reviews;
}

export function ratingFor(partner: Partner, movie: Movie): Rating {
  return communityOf(partner, movie).rating;
}

/**
 * An avatar with the member's initials as an SVG data URL: it needs no network and no extra
 * image origin in the site's Content-Security-Policy (img-src allows data:).
 */
function avatar(name: string, index: number): string {
  const initials = name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const colours = ['#1f5f7a', '#7a3b1f', '#2e6b3a', '#5b2e6b', '#6b5b1f', '#1f3f7a'];
  const colour = colours[index % colours.length] ?? '#1f5f7a';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="${colour}"/>` +
    `<text x="32" y="41" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${initials}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
