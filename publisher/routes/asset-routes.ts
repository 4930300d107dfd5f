/**
 * The staff pages' stylesheet and script (views/assets.ts). The stylesheet's address names a
 * hash of its content, so it is cached for a year and never asked for again (`immutable`); any
 * other address under /staff/assets/ is not found. The script is never cached, like the pages.
 */
import { Hono, type Env } from 'hono';
import { STATUS_SCRIPT, statusScript, STYLESHEET, stylesheet } from '../views/assets';
import { methodNotAllowed } from './respond';

/** The stylesheet alone: the preview's port serves it too, for its sign-in page. */
export function stylesheetRoute<E extends Env>(): Hono<E> {
  const app = new Hono<E>();
  app.get(STYLESHEET, (c) => c.body(stylesheet, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' }));
  return app;
}

export function assetRoutes<E extends Env>(): Hono<E> {
  const app = new Hono<E>();
  app.route('/', stylesheetRoute<E>());
  app.get(STATUS_SCRIPT, (c) => c.body(statusScript, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  for (const path of [STYLESHEET, STATUS_SCRIPT]) app.all(path, (c) => methodNotAllowed(c, 'GET'));
  return app;
}
