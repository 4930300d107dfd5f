/**
 * Answers of the service's own pages (status, login, errors): HTML with the pages' strict CSP,
 * which allows only their one style block and the service's own script.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CSP } from '../views/layout';
import { plainPage } from '../views/pages';

export function page(c: Context, status: ContentfulStatusCode, body: string, headers: Record<string, string> = {}): Response {
  return c.body(body, status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, ...headers });
}

/** A plain page with a title and one sentence: refusals and errors. */
export function plain(c: Context, status: ContentfulStatusCode, title: string, text: string, headers: Record<string, string> = {}): Response {
  return page(c, status, plainPage(title, text), headers);
}

/** 303 to `location` (after a form post, so a reload does not post again). */
export function seeOther(c: Context, location: string, headers: Record<string, string> = {}): Response {
  return c.body(null, 303, { location, 'content-type': 'text/plain; charset=utf-8', ...headers });
}

/** The answer to a method a path does not take. */
export function methodNotAllowed(c: Context, allow: string): Response {
  return c.text('method not allowed', 405, { allow });
}
