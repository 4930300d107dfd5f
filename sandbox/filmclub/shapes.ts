/**
 * The shape of the records a partner answers with. SPEC §3 gives movie info as capitalised
 * fields ('Title', 'MovieId') but lists reviews and tickets in camelCase ('comment', 'movieId'),
 * without saying which the partner sends. The sandbox answers capitalised by default and can be
 * switched, per route or for all of them, to camelCase, so the site is tried against both.
 *
 * Only the field names change: values, order and nesting stay as they are. In camelCase a
 * ticket's picture is `poster` (SPEC §3: the ticket's image comes from the poster).
 */
import { routeOfFilter, type RouteName } from './faults';

export const answerShapes = ['capitalised', 'camelCase'] as const;
export type AnswerShape = (typeof answerShapes)[number];

/** The routes whose answers are records with field names (the rest answer tokens or nothing). */
export const shapedRoutes: readonly RouteName[] = ['movieInfo', 'reviews', 'tickets', 'watchlist'];

const everyRoute = '*';

export class ShapeTable {
  readonly #slots = new Map<string, AnswerShape>();

  /** Sets (or with null clears) the shape of one route, or of every shaped route; returns the route. */
  set(shape: AnswerShape | null, path?: string): RouteName | undefined {
    const route = path === undefined ? undefined : routeOfFilter(path);
    if (route !== undefined && !shapedRoutes.includes(route))
      throw new TypeError(`route ${route} answers no records; shaped routes are ${shapedRoutes.join(', ')}`);
    const slot = route ?? everyRoute;
    if (shape === null) {
      if (slot === everyRoute) this.#slots.clear();
      else this.#slots.delete(slot);
    } else {
      this.#slots.set(slot, checkShape(shape));
    }
    return route;
  }

  clear(): void {
    this.#slots.clear();
  }

  /** The shape for a request path ('/reviews'); capitalised unless switched. */
  of(pathname: string): AnswerShape {
    const name = pathname.replace(/^\//, '');
    if (!(shapedRoutes as readonly string[]).includes(name)) return 'capitalised';
    return this.#slots.get(name) ?? this.#slots.get(everyRoute) ?? 'capitalised';
  }
}

export function checkShape(value: unknown): AnswerShape {
  const shape = answerShapes.find((candidate) => candidate === value);
  if (!shape) throw new TypeError(`unknown shape ${JSON.stringify(value)}; expected ${answerShapes.join(' or ')}`);
  return shape;
}

/** 'MovieTitle' → 'movieTitle'. */
const camel = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

/** The same value with every object key in camelCase, all the way down. */
export function camelCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCased);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, inner]) => [camel(key), camelCased(inner)]));
}

/** An answer in the shape asked for; the API builds every answer capitalised. */
export function inShape<A extends { body?: unknown }>(answer: A, shape: AnswerShape): A {
  if (shape === 'capitalised' || answer.body === undefined) return answer;
  return { ...answer, body: camelCased(answer.body) };
}
