/**
 * What staff read: GET /status (JSON, for a session or `Authorization: Bearer <staff password>`),
 * GET /staff/, the status page (or the login form without a session), and GET /staff/rettleiing,
 * the guide «Slik publiserer du» (guide/guide.ts), to anyone: it says nothing the repository does not,
 * and an editor who cannot sign in still finds in it whom to call.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Sessions } from '../accounts/staff-access';
import { GUIDE_PATH, guideTree } from '../guide/guide';
import type { LiveChanges } from '../status/live-changes';
import { messageKey } from '../status/messages';
import { PREVIEW_ENTRY, PREVIEW_OPEN, statusOf, type StatusSources } from '../status/status-view';
import { guidePage } from '../views/guide-page';
import { loginPage } from '../views/pages';
import { statusPage } from '../views/status-page';
import { staffRequest } from './http';
import { methodNotAllowed, page, seeOther } from './respond';
import { valid, type StaffEnv } from './staff-guards';

export interface StatusDeps extends StatusSources {
  readonly sessions: Sessions;
  /** The live site's address, for links to changed pages (none: relative links, as behind the proxy). */
  readonly siteOrigin?: string | undefined;
  /** The service's clock (ms since the epoch). */
  readonly now?: () => number;
  /** What the live channel tells of changes (live-route.ts): the page names the version it shows. */
  readonly changes?: LiveChanges;
}

/** The status page's address: an optional message key (unknown keys show no message). */
export const statusQuery = z.object({ melding: z.string().max(64).optional() });

export function statusRoutes(deps: StatusDeps & { readonly log: (line: string) => void }): Hono<StaffEnv> {
  const { sessions } = deps;
  const app = new Hono<StaffEnv>();

  app.get('/status', (c) => {
    const access = sessions.readAccess(staffRequest(c));
    if (access.ok) return c.json(statusOf(deps));
    if (access.waitSeconds > 0) return c.json({ error: 'too many wrong passwords; try again later' }, 429, { 'retry-after': String(access.waitSeconds) });
    return c.json({ error: 'staff authentication required' }, 401, { 'www-authenticate': 'Bearer realm="kaia-publisher"' });
  });
  app.all('/staff', (c) => seeOther(c, '/staff/'));
  // Opens the preview signed in: a one-time ticket the preview turns into its own cookie.
  app.get(PREVIEW_OPEN, (c) => {
    const session = sessions.of(staffRequest(c));
    if (!session) return seeOther(c, '/staff/');
    return seeOther(c, `${new URL(PREVIEW_ENTRY, deps.previewUrl()).href}?billett=${sessions.previewTicket(session)}`);
  });
  app.get(GUIDE_PATH, (c) => page(c, 200, guidePage(guideTree())));
  app.get('/staff/', valid('query', statusQuery, deps.log), (c) => {
    const session = sessions.of(staffRequest(c));
    if (!session) return page(c, 200, loginPage());
    return page(
      c,
      200,
      statusPage({
        ...statusOf(deps),
        csrf: session.csrf,
        message: messageKey(c.req.valid('query').melding ?? null),
        signedInAs: session.name,
        siteOrigin: deps.siteOrigin,
        now: (deps.now ?? Date.now)(),
        version: deps.changes?.version,
      }),
    );
  });
  for (const path of ['/status', PREVIEW_OPEN, GUIDE_PATH, '/staff/']) app.all(path, (c) => methodNotAllowed(c, 'GET'));
  return app;
}
