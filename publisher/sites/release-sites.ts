/**
 * The two sites the service serves from releases, both through static-files.ts: the draft
 * preview (staff only, signed in through the status page's session: its cookie on the same host,
 * or the preview's own cookie set from a one-time ticket when staff open the preview from the
 * status page; never cached nor indexed) and, for the demo only, the live site.
 */
import { Hono } from 'hono';
import { join } from 'node:path';
import { z } from 'zod';
import { CURRENT } from '../../release/releases';
import { staffRequest, type AppEnv } from '../routes/http';
import { PREVIEW_ENTRY } from '../status/status-view';
import { previewSignInPage } from '../views/pages';
import { page, seeOther } from '../routes/respond';
import type { Sessions } from '../accounts/staff-access';
import { valid } from '../routes/staff-guards';
import { stylesheetRoute } from '../routes/asset-routes';
import { rawTarget, releaseApp, releaseResponse } from './static-files';

export const previewEntryQuery = z.object({ billett: z.string().max(256).optional() });

export function previewSite(previewDir: string, sessions: Sessions, statusPageUrl: () => string, log: (line: string) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(PREVIEW_ENTRY, valid('query', previewEntryQuery, log), (c) => {
    const session = sessions.redeemPreviewTicket(c.req.valid('query').billett ?? null);
    if (!session) return page(c, 403, previewSignInPage(statusPageUrl(), true));
    return seeOther(c, '/', { 'set-cookie': sessions.previewCookie(session) });
  });
  // The sign-in page below links the staff stylesheet, so this port serves it too.
  app.route('/', stylesheetRoute<AppEnv>());
  app.all('*', (c) => {
    // No HTTP Basic prompt: staff sign in on the status page, and open the preview from there.
    if (!sessions.previewAccess(staffRequest(c)).ok) return page(c, 401, previewSignInPage(statusPageUrl(), false));
    return releaseResponse(
      join(previewDir, CURRENT),
      c.req.method,
      rawTarget(c.req.url),
      { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' },
      c.req.raw.headers,
    );
  });
  return app;
}

export function liveSite(releasesDir: string): Hono {
  return releaseApp(join(releasesDir, CURRENT));
}
