/**
 * Faults the film-club sandbox can inject, as a partner's gateway would produce them: an error
 * status, an HTML error page where JSON was expected, a slow answer, or no answer at all.
 *
 * One slot for every route ('*') and one per route ('reviews', 'tickets', ...); a route's own
 * fault wins over the one for every route. A fault stays until cleared or, with `times`, for
 * that many requests.
 */
import { FaultSlots } from '../fault-slots';
import { faultDelay, faultStatus, faultTimes } from '../kit';

/** The routes of the partner API, by the name used in their path (and in fault filters). */
export const routeNames = [
  'login',
  'signup',
  'forgotPassword',
  'switchTokensDx',
  'movieInfo',
  'reviews',
  'tickets',
  'watchlist',
  'addMovieToWatchList',
] as const;

export type RouteName = (typeof routeNames)[number];

export type FilmclubFault =
  | { kind: 'status'; status: number; times?: number }
  | { kind: 'html'; times?: number }
  | { kind: 'slow'; delayMs: number; times?: number }
  | { kind: 'down'; times?: number };

const everyRoute = '*';

export class FaultTable {
  readonly #slots = new FaultSlots<string, FilmclubFault>();

  /** Sets (or with null clears) the fault of one route, or of every route without one. */
  set(fault: FilmclubFault | null, path?: string): void {
    const slot = path === undefined ? everyRoute : routeOfFilter(path);
    if (fault === null) {
      // Clearing without a path clears everything: "no faults anywhere".
      if (slot === everyRoute) this.#slots.clear();
      else this.#slots.delete(slot);
      return;
    }
    this.#slots.put([slot], checkFault(fault));
  }

  clear(): void {
    this.#slots.clear();
  }

  /** The fault in force for a request path ('/reviews'), counting it as applied once. */
  take(pathname: string): FilmclubFault | undefined {
    const name = pathname.replace(/^\//, '');
    return this.#slots.take(this.#slots.has(name) ? name : everyRoute);
  }
}

/** 'reviews', '/reviews' or '/reviews?x=1' name the route 'reviews'; an unknown route throws. */
export function routeOfFilter(path: string): RouteName {
  const name = path
    .trim()
    .replace(/^\/+/, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  const route = routeNames.find((candidate) => candidate === name);
  if (!route) throw new TypeError(`unknown route ${JSON.stringify(path)}; expected one of ${routeNames.join(', ')}`);
  return route;
}

/**
 * Validates a fault that may come from JSON and returns a clean copy, so a typo fails loudly
 * instead of silently injecting nothing.
 */
export function checkFault(value: unknown): FilmclubFault {
  if (typeof value !== 'object' || value === null) throw new TypeError('a fault must be an object');
  const raw = value as Record<string, unknown>;
  const extra = faultTimes(raw);
  switch (raw['kind']) {
    case 'status': {
      return { kind: 'status', status: faultStatus(raw, 400), ...extra };
    }
    case 'slow': {
      return { kind: 'slow', delayMs: faultDelay(raw), ...extra };
    }
    case 'html':
    case 'down':
      return { kind: raw['kind'], ...extra };
    default:
      throw new TypeError(`unknown fault kind ${JSON.stringify(raw['kind'])}; expected status, html, slow or down`);
  }
}

/** The body of a status fault: the partner's error shape with a plain message. */
export function faultMessage(status: number): string {
  if (status === 401) return 'Du må logge inn på nytt.';
  if (status === 403) return 'Du har ikkje tilgang til dette.';
  if (status === 404) return 'Fann ikkje det du leita etter.';
  if (status === 429) return 'For mange førespurnader. Prøv igjen om litt.';
  if (status === 503) return 'Tenesta er mellombels utilgjengeleg.';
  return status >= 500 ? 'Det oppstod ein feil på tenaren.' : 'Førespurnaden kunne ikkje handsamast.';
}

/** The 'html' fault's body: what a gateway or a crashed app server shows instead of JSON. */
export const htmlErrorPage =
  '<!DOCTYPE html>\n<html lang="nn">\n<head><meta charset="utf-8"><title>502 Bad Gateway</title></head>\n' +
  '<body>\n<h1>502 Bad Gateway</h1>\n<p>Tenaren bak svarte ikkje som venta. Prøv igjen seinare.</p>\n' +
  '<hr><address>filmklubb-gateway</address>\n</body>\n</html>\n';
