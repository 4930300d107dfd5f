/**
 * The guards every staff form passes before its handler runs, each written once as Hono
 * middleware: the post comes from the status page itself (Origin and fetch metadata,
 * `sameOrigin` below), its body is no larger than a staff form can be, its fields (and the
 * page's query) match the route's Zod schema, and, for actions, a session and its CSRF token.
 * A request that fails is answered with a plain page in nynorsk, logged, and changes nothing.
 */
import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import type { z } from 'zod';
import { staffRequest, type AppEnv } from './http';
import { plain } from './respond';
import { safeEqual, type Sessions, type StaffSession } from '../accounts/staff-access';
import type { StaffRequest } from '../accounts/staff-request';

export type StaffEnv = AppEnv & { Variables: { session: StaffSession } };

const FORM_LIMIT = 8 * 1024;

/**
 * Whether a POST comes from our own page: an Origin header naming this service (as the
 * browser reached it: the Host header, or the public origin behind the proxy), and no
 * cross-site fetch metadata. Requests without Origin are refused: every browser sends one on POST.
 */
export function sameOrigin(req: StaffRequest, publicOrigin: string | undefined): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return false;
  const allowed = [publicOrigin, req.headers.host ? `http://${req.headers.host}` : undefined].filter(Boolean);
  return allowed.includes(origin);
}

export function validCsrf(session: StaffSession, given: string | null): boolean {
  return given !== null && safeEqual(given, session.csrf);
}

/** Same origin, then a body no larger than a staff form: what every staff POST passes first. */
export function staffPost(publicOrigin: string | undefined): MiddlewareHandler<StaffEnv> {
  return every(
    (c, next) => {
      if (!sameOrigin(staffRequest(c), publicOrigin)) return Promise.resolve(plain(c, 403, 'Ikkje tillate', 'Handlinga må gjerast frå publiseringssida.'));
      return next();
    },
    bodyLimit({ maxSize: FORM_LIMIT, onError: (c) => plain(c, 413, 'For stor førespurnad', 'Skjemaet var for stort.') }),
  );
}

/** What a failed check says, for the log and the page. */
export interface Refusal {
  readonly title: string;
  readonly text: string;
}

export const BAD_FORM: Refusal = {
  title: 'Ugyldig skjema',
  text: 'Skjemaet hadde felt som ikkje var som venta. Ingenting vart endra. Last sida på nytt og prøv igjen.',
};
export const BAD_ADDRESS: Refusal = { title: 'Ugyldig adresse', text: 'Adressa hadde verdiar som ikkje var som venta.' };

/** Checks `target` (the form or the query) against `schema` before the handler; a failure is a 400 page, logged. */
export function valid<Target extends 'form' | 'query', Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  log: (line: string) => void,
  refusal: Refusal = target === 'form' ? BAD_FORM : BAD_ADDRESS,
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return undefined;
    const fields = result.error.issues.map((issue) => issue.path.join('.') || '(whole)').join(', ');
    log(`${c.req.method} ${c.req.path} refused (400): invalid ${target} (${fields})`);
    return plain(c, 400, refusal.title, refusal.text);
  });
}

/** A signed-in session whose form carries its CSRF token; the session is `c.get('session')` after. */
export function signedInWithToken(sessions: Sessions): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const session = sessions.of(staffRequest(c));
    if (!session) return plain(c, 401, 'Ikkje logga inn', 'Logg inn på publiseringssida først.');
    const form = await c.req.parseBody();
    const csrf = typeof form.csrf === 'string' ? form.csrf : null;
    if (!validCsrf(session, csrf))
      return plain(c, 403, 'Ikkje tillate', 'Skjemaet var gammalt eller kom ikkje frå publiseringssida. Last sida på nytt og prøv igjen.');
    c.set('session', session);
    return next();
  };
}
