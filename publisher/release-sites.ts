/**
 * The two sites the service serves from releases, both through static-files.ts: the draft
 * preview (staff only, signed in through the status page's session: its cookie on the same host,
 * or the preview's own cookie set from a one-time ticket when staff open the preview from the
 * status page; never cached nor indexed) and, for the demo only, the live site.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CURRENT } from '../release/releases';
import { html, redirect } from './http';
import { previewSignInPage } from './page';
import type { Sessions } from './staff';
import { serveRelease } from './static-files';

export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Where the preview takes a ticket from the status page and sets its own cookie. */
export const PREVIEW_ENTRY = '/__staff/opne';

export function previewSite(previewDir: string, sessions: Sessions, statusPageUrl: () => string): SiteHandler {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://preview.invalid');
    if (url.pathname === PREVIEW_ENTRY) {
      const session = sessions.redeemPreviewTicket(url.searchParams.get('billett'));
      if (!session) return html(res, 403, previewSignInPage(statusPageUrl(), true));
      return redirect(res, '/', { 'set-cookie': sessions.previewCookie(session) });
    }
    // No HTTP Basic prompt: staff sign in on the status page, and open the preview from there.
    if (!sessions.previewAccess(req).ok) return html(res, 401, previewSignInPage(statusPageUrl(), false));
    return serveRelease(join(previewDir, CURRENT), req, res, { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' });
  };
}

export function liveSite(releasesDir: string): SiteHandler {
  return (req, res) => serveRelease(join(releasesDir, CURRENT), req, res);
}
