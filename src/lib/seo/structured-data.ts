/**
 * schema.org structured data (JSON-LD) as Google reads it:
 * - production pages: one event per upcoming performance shown in the page's ticket list,
 *   ScreeningEvent for films (its workPresented names the Movie and carries its @id; the full
 *   Movie, with cast and description, is one node of the page's graph, not repeated in every
 *   screening: JSON-LD merges nodes by @id), Event or its subtype by
 *   category for culture; every property Google requires (name, startDate with offset,
 *   location Place with PostalAddress) and those it recommends that the data holds
 *   (endDate, eventStatus from the event's real status, eventAttendanceMode, image,
 *   description, offers, organizer, performer);
 * - the front page: the Organization;
 * - article and production pages: a BreadcrumbList.
 * Programme and schedule pages are not marked up as events (Google asks not to).
 * Pure functions of the content; the page renders the result with jsonLdText().
 */
import type { Article, Event, Movie, CultureProduction, Production } from '../../schemas';
import type { SiteContent } from '../content/files';
import { ageLimitLabel } from '../films/age-limit';
import { primaryRecord, type PageView } from '../pages/page-view';
import { absoluteUrl } from '../site/page-meta';
import type { Route, RouteTable } from '../pages/routes';
import { isUpcoming } from '../programme/programme';
import { coverImageUrl } from '../site/images';
import { spokenLanguages, languageCode, versionFacts } from './languages';

export type JsonLd = { [key: string]: unknown };

const SCHEMA = 'https://schema.org';

/**
 * JSON for a <script type="application/ld+json"> element. '<', '>' and '&' are written as
 * \u escapes so no text can close the element or open a comment; U+2028/2029 likewise.
 */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const EVENT_STATUS: Record<Event['status'], string> = {
  scheduled: `${SCHEMA}/EventScheduled`,
  cancelled: `${SCHEMA}/EventCancelled`,
  postponed: `${SCHEMA}/EventPostponed`,
  rescheduled: `${SCHEMA}/EventRescheduled`,
};

const AVAILABILITY: Record<Event['availability'], string> = {
  available: `${SCHEMA}/InStock`,
  few: `${SCHEMA}/LimitedAvailability`,
  soldout: `${SCHEMA}/SoldOut`,
};

/** The schema.org type of a culture event by its programme category. */
const CULTURE_TYPES: Record<CultureProduction['features']['category'], string> = {
  konsert: 'MusicEvent',
  teater: 'TheaterEvent',
  dans: 'DanceEvent',
  humor: 'ComedyEvent',
  utstilling: 'ExhibitionEvent',
  kurs: 'EducationEvent',
  foredrag: 'EducationEvent',
  barn: 'ChildrensEvent',
  festival: 'Festival',
  bibliotek: 'Event',
};

/** ISO 8601 duration: 112 → 'PT1H52M'. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
}

/** Build moment without milliseconds: '2026-11-23T09:00:00Z'. */
function isoInstant(moment: Date): string {
  return moment.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function person(name: string): JsonLd {
  return { '@type': 'Person', name };
}

/** 'A og B', 'A, B' → two names. */
function names(text: string): string[] {
  return text
    .split(/,|\s+og\s+|\s*&\s*/)
    .map((name) => name.trim())
    .filter(Boolean);
}

const GROUP_WORDS = /(kompani|teater|orkester|kor\b|koret|band|ensemble|trio|kvartett|kvintett|lag\b|laget|klubb|gruppe|duo)/i;

/**
 * The data names a performer without saying whether it is a person or a group. Names with a
 * group word ('Kompani Havrand', 'Kaiaorkesteret') or of one word ('Saltvatn', a band) are
 * groups; names of two or more capitalised words ('Ragnhild Oterhals') are people.
 */
export function performer(name: string): JsonLd {
  const words = name.trim().split(/\s+/);
  const looksPersonal = words.length >= 2 && words.every((word) => /^\p{Lu}/u.test(word));
  return { '@type': GROUP_WORDS.test(name) || !looksPersonal ? 'PerformingGroup' : 'Person', name: name.trim() };
}

export interface SiteFacts {
  host: string;
  siteTitle: string;
  address: JsonLd;
  /** The build's clock: offers are valid from the moment the site says they are on sale. */
  now: Date;
}

function postalAddress(content: SiteContent): JsonLd {
  const { address } = content.config.contact;
  return {
    '@type': 'PostalAddress',
    streetAddress: address.streetAddress,
    postalCode: address.postalCode,
    addressLocality: address.addressLocality,
    addressCountry: address.addressCountry,
  };
}

export function siteFacts(content: SiteContent, now: Date): SiteFacts {
  return { host: content.config.host, siteTitle: content.site.title, address: postalAddress(content), now };
}

export function organization(content: SiteContent): JsonLd {
  const { host, contact } = content.config;
  return {
    '@type': 'Organization',
    '@id': `${host}/#organisasjon`,
    name: content.site.title,
    url: absoluteUrl(host, '/'),
    logo: absoluteUrl(host, content.theme.logo),
    image: absoluteUrl(host, content.theme.logo),
    address: postalAddress(content),
    email: contact.email,
    telephone: contact.phone,
  };
}

function organizer(site: SiteFacts): JsonLd {
  return { '@type': 'Organization', name: site.siteTitle, url: absoluteUrl(site.host, '/') };
}

/** The ticket offer, only while the site offers (or has sold out) tickets: none for cancelled or postponed events. */
function offer(event: Event, site: SiteFacts): JsonLd | undefined {
  if (event.status === 'cancelled' || event.status === 'postponed') return undefined;
  return {
    '@type': 'Offer',
    url: event.ticketUrl,
    price: event.price ?? 0,
    priceCurrency: 'NOK',
    availability: AVAILABILITY[event.availability],
    validFrom: isoInstant(site.now),
  };
}

/**
 * One image per event: the wide cover (Google's preferred 16:9), else the poster. A film's poster
 * is on its Movie node already; repeating both on each of its many showings cost more of the
 * offline precache than a page's worth of text.
 */
function images(production: Production, site: SiteFacts): string[] {
  const cover = production.assets.find((asset) => asset.type === 'first_image');
  if (cover) return [absoluteUrl(site.host, coverImageUrl(cover.url))];
  const poster = production.assets.find((asset) => asset.type === 'poster');
  return poster ? [absoluteUrl(site.host, poster.url)] : [];
}

/** What every event of a production shares. */
function eventBase(event: Event, production: Production, site: SiteFacts, pageUrl: string, placeType: string): JsonLd {
  const pictures = images(production, site);
  const offers = offer(event, site);
  return {
    '@id': `${pageUrl}#${encodeURIComponent(event.id)}`,
    name: production.title,
    url: pageUrl,
    startDate: event.startTime,
    ...(event.endTime ? { endDate: event.endTime } : {}),
    eventStatus: EVENT_STATUS[event.status],
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    location: {
      '@type': placeType,
      name: `${event.venue.name}, ${site.siteTitle}`,
      address: site.address,
    },
    ...(pictures.length ? { image: pictures } : {}),
    ...(production.contents[0] ? { description: production.contents[0].summary } : {}),
    ...(offers ? { offers } : {}),
    ...(event.price === null ? { isAccessibleForFree: true } : {}),
    organizer: organizer(site),
  };
}

/** The @id of the film a page is about. */
function movieId(pageUrl: string): string {
  return `${pageUrl}#film`;
}

export function movieWork(film: Movie, site: SiteFacts, pageUrl: string): JsonLd {
  const f = film.features;
  const poster = film.assets.find((asset) => asset.type === 'poster') ?? film.assets.find((asset) => asset.type === 'first_image');
  const original = spokenLanguages(f.language).original;
  return {
    '@type': 'Movie',
    '@id': movieId(pageUrl),
    name: film.title,
    ...(poster ? { image: absoluteUrl(site.host, poster.url) } : {}),
    duration: isoDuration(f.runtimeMinutes),
    contentRating: ageLimitLabel(f.ageLimit),
    genre: f.genres,
    ...(f.director ? { director: names(f.director).map(person) } : {}),
    ...(f.cast?.length ? { actor: f.cast.map(person) } : {}),
    ...(original.length ? { inLanguage: original.length === 1 ? original[0] : original } : {}),
    ...(film.contents[0] ? { description: film.contents[0].summary } : {}),
  };
}

export function screeningEvent(event: Event, film: Movie, site: SiteFacts, pageUrl: string): JsonLd {
  const version = versionFacts(event.version);
  const languages = spokenLanguages(film.features.language);
  // A dubbed version speaks its dub; otherwise the film's own language(s).
  const spoken = version.spoken && !version.original ? [version.spoken] : languages.original;
  const subtitles =
    version.subtitles ?? (version.spoken && !version.original ? undefined : film.features.subtitles ? languageCode(film.features.subtitles) : undefined);
  return {
    '@type': 'ScreeningEvent',
    ...eventBase(event, film, site, pageUrl, 'MovieTheater'),
    ...(spoken.length ? { inLanguage: spoken.length === 1 ? spoken[0] : spoken } : {}),
    ...(subtitles ? { subtitleLanguage: subtitles } : {}),
    ...(version.videoFormat ? { videoFormat: version.videoFormat } : {}),
    // Self-contained for readers that do not merge nodes: the film's name and runtime.
    workPresented: { '@type': 'Movie', '@id': movieId(pageUrl), name: film.title, duration: isoDuration(film.features.runtimeMinutes) },
  };
}

export function cultureEvent(event: Event, production: CultureProduction, site: SiteFacts, pageUrl: string): JsonLd {
  const f = production.features;
  return {
    '@type': CULTURE_TYPES[f.category],
    ...eventBase(event, production, site, pageUrl, 'Place'),
    ...(f.performer ? { performer: performer(f.performer) } : {}),
    ...(f.ageLimit && f.ageLimit !== 'A' ? { typicalAgeRange: `${f.ageLimit}-` } : {}),
  };
}

/** One event per upcoming performance of a production; for a film, the Movie first. */
export function productionEvents(production: Production, events: Event[], site: SiteFacts, pageUrl: string): JsonLd[] {
  const upcoming = events.filter((event) => isUpcoming(event, site.now));
  if (production.object === 'movie')
    return [movieWork(production, site, pageUrl), ...upcoming.map((event) => screeningEvent(event, production, site, pageUrl))];
  return upcoming.map((event) => cultureEvent(event, production, site, pageUrl));
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(crumbs: Crumb[], host: string): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(host, crumb.path),
    })),
  };
}

/** The listing page a record belongs under. */
function parentPath(record: Article | Production): string {
  if ('slug' in record) return record.category === 'news' ? '/aktuelt' : '/tilbod';
  if (record.object === 'culture') return '/kulturprogram';
  return record.objectClass === 'movie_coming' ? '/kommende-filmer' : '/kinoprogram';
}

function pageName(route: Route, locale: string): string {
  return route.page.meta[locale]?.title ?? route.page.title;
}

/** Front page, the listing the record belongs under (when it exists), the record. */
export function breadcrumbs(record: Article | Production, canonicalPath: string, table: RouteTable, content: SiteContent): Crumb[] {
  const locale = content.config.locale.default;
  const find = (path: string) => table.routes.find((route) => route.path === path);
  const home = find('/');
  const parent = find(parentPath(record));
  return [
    ...(home ? [{ name: pageName(home, locale), path: '/' }] : []),
    ...(parent ? [{ name: pageName(parent, locale), path: parent.canonicalPath }] : []),
    { name: record.title, path: canonicalPath },
  ];
}

/** The events the page's ticket list shows: the source of its first visible ticket-list block. */
function ticketListEvents(route: Route, view: PageView): Event[] {
  const block = route.page.blocks.find((candidate) => !candidate.hide && candidate.component === 'ticket-list' && candidate.data.source);
  const value = block?.data.source ? view.sources[block.data.source] : undefined;
  return (Array.isArray(value) ? value : []).filter((record): record is Event => 'startTime' in record && 'venue' in record);
}

/** Everything a page marks up, as one @graph, or undefined when it has nothing to say. */
export function pageStructuredData(route: Route, view: PageView, table: RouteTable, content: SiteContent, now: Date): JsonLd | undefined {
  const graph: JsonLd[] = [];
  const site = siteFacts(content, now);
  if (route.canonicalPath === '/') graph.push(organization(content));
  const record = primaryRecord(view.sources);
  if (record) {
    const pageUrl = absoluteUrl(content.config.host, route.canonicalPath);
    if (!('slug' in record)) graph.push(...productionEvents(record, ticketListEvents(route, view), site, pageUrl));
    graph.push(breadcrumbList(breadcrumbs(record, route.canonicalPath, table, content), content.config.host));
  }
  return graph.length ? { '@context': SCHEMA, '@graph': graph } : undefined;
}
