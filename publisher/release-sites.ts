/**
 * The two sites the service serves from releases, both through static-files.ts: the draft
 * preview (staff only: a session cookie or the staff password as HTTP Basic; never cached nor
 * indexed) and, for the demo only, the live site.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CURRENT } from '../release/releases';
import { send } from './http';
import type { Sessions } from './staff';
import { serveRelease } from './static-files';

export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function previewSite(previewDir: string, sessions: Sessions): SiteHandler {
  return async (req, res) => {
    const access = sessions.previewAccess(req);
    if (!access.ok && access.waitSeconds > 0)
      return send(res, 429, 'text/plain; charset=utf-8', 'For mange feil passord på kort tid. Vent litt og prøv igjen.', {
        'retry-after': String(access.waitSeconds),
      });
    if (!access.ok)
      return send(res, 401, 'text/plain; charset=utf-8', 'Førehandsvisinga er berre for tilsette.', {
        'www-authenticate': 'Basic realm="Kaia preview", charset="UTF-8"',
      });
    return serveRelease(join(previewDir, CURRENT), req, res, { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' });
  };
}

export function liveSite(releasesDir: string): SiteHandler {
  return (req, res) => serveRelease(join(releasesDir, CURRENT), req, res);
}
