/**
 * POST /staff/login|logout|refresh|rebuild|preview: the status page's forms. Every post passes
 * the staff guards (staff-guards.ts: same origin, size, the form's schema); login checks the
 * password with the throttle; the others need a session and its CSRF token.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { staffRequest } from './http';
import { loginPage } from '../views/pages';
import { methodNotAllowed, page, plain, seeOther } from './respond';
import { performAction, type ActionDeps } from './staff-actions';
import { signedInWithToken, staffPost, valid, type StaffEnv } from './staff-guards';
import type { Sessions } from '../accounts/staff-access';

export interface StaffRouteDeps extends ActionDeps {
  readonly sessions: Sessions;
  /** The origin staff reach the service at through the proxy, if any. */
  readonly publicOrigin: string | undefined;
}

/** The login form: a user name (kept to 64 characters, as typed) and a password no longer than a person types. */
export const loginForm = z.object({
  username: z
    .string()
    .default('')
    .transform((name) => name.slice(0, 64)),
  password: z.string().max(1024).default(''),
});

/** Every action form carries only the session's CSRF token (checked against the session, not here). */
export const actionForm = z.object({ csrf: z.string().max(256).optional() });

const ACTIONS = ['refresh', 'rebuild', 'preview'] as const;

export function staffRoutes(deps: StaffRouteDeps): Hono<StaffEnv> {
  const { sessions, log } = deps;
  const app = new Hono<StaffEnv>();
  const post = staffPost(deps.publicOrigin);

  app.post('/staff/login', post, valid('form', loginForm, log), async (c) => {
    const { username, password } = c.req.valid('form');
    const session = await sessions.login(username, password, sessions.clientOf(staffRequest(c)));
    if ('waitSeconds' in session) {
      log(`staff login refused${session.waitSeconds > 0 ? ' (too many tries)' : ''}`);
      if (session.waitSeconds > 0)
        return page(c, 429, loginPage({ waitMinutes: Math.ceil(session.waitSeconds / 60), username }), { 'retry-after': String(session.waitSeconds) });
      return page(c, 401, loginPage({ failed: true, username }));
    }
    log(`staff login: ${session.username}`);
    return seeOther(c, '/staff/', { 'set-cookie': sessions.cookie(session) });
  });

  app.post('/staff/logout', post, valid('form', actionForm, log), signedInWithToken(sessions), (c) => {
    sessions.logout(staffRequest(c));
    return seeOther(c, '/staff/', { 'set-cookie': sessions.clearedCookie() });
  });

  for (const action of ACTIONS)
    app.post(`/staff/${action}`, post, valid('form', actionForm, log), signedInWithToken(sessions), (c) => {
      let message;
      try {
        message = performAction(action, deps, c.get('session').name);
      } catch (error) {
        // The run log could not be saved (a full disk): nothing was queued or changed.
        log(`staff ${action} failed: ${String(error)}`);
        return plain(
          c,
          503,
          'Kunne ikkje gjere det no',
          'Publiseringstenesta fekk ikkje lagra loggen sin (er disken full?). Ingenting vart endra. Prøv igjen om litt.',
        );
      }
      return seeOther(c, `/staff/?melding=${message}`);
    });

  for (const action of ['login', 'logout', ...ACTIONS]) app.all(`/staff/${action}`, (c) => methodNotAllowed(c, 'POST'));
  return app;
}
