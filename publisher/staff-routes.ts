/**
 * POST /staff/login|logout|refresh|rebuild|preview: the status page's forms. Every post must
 * come from the page itself (Origin, fetch metadata: staff.ts `sameOrigin`); login checks the
 * password with the throttle; the others need a session and its CSRF token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, methodNotAllowed, readForm, redirect, type Route } from './http';
import { loginPage, plainPage } from './page';
import { performAction, type ActionDeps } from './staff-actions';
import { sameOrigin, validCsrf, type Sessions } from './staff';

export interface StaffRouteDeps extends ActionDeps {
  readonly sessions: Sessions;
  /** The origin staff reach the service at through the proxy, if any. */
  readonly publicOrigin: string | undefined;
}

const ACTION_PATH = /^\/staff\/(login|logout|refresh|rebuild|preview)$/;

export function staffRoutes(deps: StaffRouteDeps): Route {
  return async (req, res, url) => {
    const action = ACTION_PATH.exec(url.pathname)?.[1];
    if (!action) return false;
    if (req.method !== 'POST') methodNotAllowed(res, 'POST');
    else await post(action as 'login' | 'logout' | 'refresh' | 'rebuild' | 'preview', deps, req, res);
    return true;
  };
}

async function post(
  action: 'login' | 'logout' | 'refresh' | 'rebuild' | 'preview',
  deps: StaffRouteDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { sessions, log } = deps;
  if (!sameOrigin(req, deps.publicOrigin)) return html(res, 403, plainPage('Ikkje tillate', 'Handlinga må gjerast frå publiseringssida.'));
  const form = await readForm(req);
  if (!form) return html(res, 413, plainPage('For stor førespurnad', 'Skjemaet var for stort.'));
  if (action === 'login') {
    const username = (form.get('username') ?? '').slice(0, 64);
    const session = await sessions.login(username, form.get('password') ?? '', sessions.clientOf(req));
    if ('waitSeconds' in session) {
      log(`staff login refused${session.waitSeconds > 0 ? ' (too many tries)' : ''}`);
      if (session.waitSeconds > 0)
        return html(res, 429, loginPage({ waitMinutes: Math.ceil(session.waitSeconds / 60), username }), { 'retry-after': String(session.waitSeconds) });
      return html(res, 401, loginPage({ failed: true, username }));
    }
    log(`staff login: ${session.username}`);
    return redirect(res, '/staff/', { 'set-cookie': sessions.cookie(session) });
  }
  const session = sessions.of(req);
  if (!session) return html(res, 401, plainPage('Ikkje logga inn', 'Logg inn på publiseringssida først.'));
  if (!validCsrf(session, form.get('csrf')))
    return html(res, 403, plainPage('Ikkje tillate', 'Skjemaet var gammalt eller kom ikkje frå publiseringssida. Last sida på nytt og prøv igjen.'));
  if (action === 'logout') {
    sessions.logout(req);
    return redirect(res, '/staff/', { 'set-cookie': sessions.clearedCookie() });
  }
  let message;
  try {
    message = performAction(action, deps, session.name);
  } catch (error) {
    // The run log could not be saved (a full disk): nothing was queued or changed.
    log(`staff ${action} failed: ${String(error)}`);
    return html(
      res,
      503,
      plainPage('Kunne ikkje gjere det no', 'Publiseringstenesta fekk ikkje lagra loggen sin (er disken full?). Ingenting vart endra. Prøv igjen om litt.'),
    );
  }
  return redirect(res, `/staff/?melding=${message}`);
}
