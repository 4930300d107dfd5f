/** @jsxImportSource hono/jsx */
/**
 * The service's smaller pages: the login form, the question before a rollback, what the preview
 * answers someone without a staff session, and the plain page of refusals and errors.
 */
import { formatMoment } from '../status/run-words';
import type { RollbackTarget } from '../status/status-view';
import { Csrf, document } from './layout';
import { Changes } from './run-list';

/** The page that asks before a rollback, naming the version it goes to: when it went live, by whom, and what it changed. */
export function rollbackConfirmPage(target: RollbackTarget, csrfToken: string): string {
  return document({
    title: 'Gå tilbake til førre versjon – publisering – Kulturhuset Kaia',
    children: (
      <>
        <h1>Gå tilbake til førre versjon?</h1>
        <p>Nettstaden vil då vise versjonen som var live før den som er live no:</p>
        <dl>
          <dt>Versjon</dt>
          <dd>
            publisert {formatMoment(target.at)} av {target.by}
          </dd>
          <dt>Endringar i han</dt>
          <dd>
            {target.changes ? (
              <Changes run={{ changes: target.changes, ...(target.named ? { named: target.named } : {}), kind: 'live', state: 'published' }} links={false} />
            ) : (
              'Ikkje kjent (køyringa er ikkje lenger i loggen).'
            )}
          </dd>
        </dl>
        <p>
          Automatisk publisering blir då sett på pause: publiseringar frå CMS-et, synkroniseringa med billettsystemet og dagsbygginga ved midnatt blir sette i
          kø, men ikkje publiserte før nokon trykkjer «Publiser att» på publiseringssida. Så lenge pausen varer, blir nettstaden ikkje bygd for ein ny dag.
        </p>
        <form method="post" action="/staff/rollback" class="actions">
          <Csrf token={csrfToken} />
          <input type="hidden" name="from" value={target.from} />
          <input type="hidden" name="to" value={target.to} />
          <button type="submit">Ja, gå tilbake til versjonen frå {formatMoment(target.at)}</button>
          <a class="button secondary" href="/staff/">
            Avbryt
          </a>
        </form>
      </>
    ),
  });
}

/**
 * The login form (user name and password); after a wrong one it says so, keeps the user name and
 * puts the cursor in the password, and when the client must wait, says for how long.
 */
export function loginPage(state: { failed?: boolean; waitMinutes?: number; username?: string } = {}): string {
  const failed = Boolean(state.failed || state.waitMinutes);
  const message = state.waitMinutes
    ? `For mange feil passord på kort tid. Vent ${state.waitMinutes} minutt og prøv igjen.`
    : state.failed
      ? 'Brukarnamnet eller passordet var feil. Prøv igjen.'
      : '';
  return document({
    title: 'Logg inn – publisering – Kulturhuset Kaia',
    // The login form is what /staff/ shows without a session.
    nav: 'status',
    children: (
      <>
        <h1>Publisering av nettstaden</h1>
        <p>Sida er berre for tilsette. Logg inn med brukarnamnet og passordet ditt. Har du ingen konto, spør den som driftar nettstaden.</p>
        <div role="alert">
          {message ? (
            <p class="message error" id="login-error">
              {message}
            </p>
          ) : null}
        </div>
        <form method="post" action="/staff/login" class="login">
          <label htmlFor="username">Brukarnamn</label>
          <input
            type="text"
            id="username"
            name="username"
            autocomplete="username"
            autocapitalize="none"
            spellcheck={false}
            required
            value={state.username ?? ''}
          />
          <label htmlFor="password">Passord</label>
          {failed ? (
            // After a wrong password the cursor goes back to the password, which the page says above it.
            <input
              type="password"
              id="password"
              name="password"
              autocomplete="current-password"
              required
              aria-invalid="true"
              aria-describedby="login-error"
              autofocus
            />
          ) : (
            <input type="password" id="password" name="password" autocomplete="current-password" required />
          )}
          <div>
            <button type="submit">Logg inn</button>
          </div>
        </form>
      </>
    ),
  });
}

/** What the preview answers someone without a staff session: where to sign in, no password prompt. */
export function previewSignInPage(statusPageUrl: string, expired: boolean): string {
  return document({
    title: 'Førehandsvisinga er berre for tilsette',
    // On the preview's port: the staff pages are not served there.
    nav: false,
    children: (
      <>
        <h1>Førehandsvisinga er berre for tilsette</h1>
        <p>{expired ? 'Lenkja var gammal eller brukt før. ' : ''}Logg inn på publiseringssida, og opne førehandsvisinga derifrå.</p>
        <p>
          <a href={statusPageUrl}>Til publiseringssida</a>
        </p>
      </>
    ),
  });
}

export function plainPage(title: string, text: string): string {
  return document({
    title,
    children: (
      <>
        <h1>{title}</h1>
        <p>{text}</p>
        <p>
          <a href="/staff/">Til publiseringssida</a>
        </p>
      </>
    ),
  });
}
