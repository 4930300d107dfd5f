/**
 * The service's app on its main port: the service's headers on every answer, the staff pages'
 * stylesheet and script, the routes (each a Hono app that checks its input with a Zod schema
 * before its handler runs), a 404 page for any other path, and a logged 500 for a handler's
 * failure. Tests call it with `app.request()`.
 */
import { Hono, type Env } from 'hono';
import { assetRoutes } from './routes/asset-routes';
import { serviceHeaders } from './routes/http';
import { plain } from './routes/respond';
import type { StaffEnv } from './routes/staff-guards';

export function serviceApp(log: (line: string) => void, ...routes: Hono<StaffEnv>[]): Hono<StaffEnv> {
  const app = withErrorLog(new Hono<StaffEnv>(), log);
  app.use(serviceHeaders());
  // Every staff page links the stylesheet, and the status page its script.
  app.route('/', assetRoutes<StaffEnv>());
  for (const route of routes) app.route('/', route);
  app.notFound((c) => plain(c, 404, 'Fann ikkje sida', 'Denne adressa finst ikkje i publiseringstenesta.'));
  return app;
}

/** An app whose handlers' failures are logged and answered 500, never left hanging. */
export function withErrorLog<E extends Env>(app: Hono<E>, log: (line: string) => void): Hono<E> {
  app.onError((error, c) => {
    log(`request failed: ${String(error)}`);
    return c.text('internal error', 500);
  });
  return app;
}
