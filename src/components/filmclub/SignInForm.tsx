/**
 * Sign-in screen of the film club. After a session ran out (the partner answered 401) it says
 * so above the form and fills in the member's e-mail address; signed in, the member goes back
 * to the page in `?tilbake=`. A member who is still signed in is offered that page, or to sign
 * in again (signed out first, with an empty form: it may be someone else). «Gløymt passordet?»
 * takes the address typed along.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { signIn } from '../../lib/filmclub/actions';
import { failureMessage, sessionEndedMessages } from '../../lib/filmclub/messages';
import type { FilmclubSettings } from '../../lib/filmclub/settings';
import { errorCleared, signedOut } from '../../lib/filmclub/stores';
import { handOverEmail } from '../../lib/filmclub/typed-email';
import { emailProblem, ErrorSummary, Field, Status, SubmitButton, type SummaryItem, useFieldProblems } from './Form';
import { returnPath, useFilmclubApi, useUser } from './use-filmclub';

export default function SignInForm({ settings }: { settings: FilmclubSettings }) {
  const api = useFilmclubApi(settings);
  const user = useUser();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { problems, attempt, fieldError, check } = useFieldProblems();
  const [done, setDone] = useState(false);
  const ended = user.sessionEnded;

  const [restarted, setRestarted] = useState(false);

  // The address of the member whose session ran out, unless something is typed already.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the stored address arrives from the store after hydration
    if (ended?.email) setEmail((typed) => typed || ended.email);
  }, [ended?.email]);

  // *Logg inn på nytt* gave way to an empty form: it starts at the e-mail field.
  useEffect(() => {
    if (restarted) document.getElementById('fc-email')?.focus();
  }, [restarted]);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (user.loading) return;
    errorCleared();
    const found: SummaryItem[] = [];
    const emailError = emailProblem(email);
    if (emailError) found.push({ field: 'fc-email', text: emailError });
    if (password === '') found.push({ field: 'fc-password', text: 'Skriv inn passordet ditt.' });
    if (!check(found)) return;
    await send();
  }

  /** The call alone: what a submit makes once the fields are fine, and what *Prøv igjen* repeats. */
  async function send() {
    if (await signIn(api, email.trim(), password)) {
      setDone(true);
      window.location.assign(returnPath(window.location.search));
    }
  }

  const serverProblem: SummaryItem[] = user.error ? [{ text: failureMessage(user.error, 'sign-in') }] : [];

  if (user.userProfile && !done && !user.loading) {
    const back = returnPath(window.location.search);
    return (
      <div className="fc-card">
        <p>
          Du er logga inn som <strong>{user.userProfile.userName || user.userProfile.email}</strong>.
        </p>
        <p className="fc-problem__actions">
          <a className="button" href={back}>
            {back === '/filmklubb/mi-side' ? 'Gå til Mi side' : 'Gå tilbake dit du var'}
          </a>
          {/* The partner may have ended the session without this browser knowing yet, or someone
              else wants to sign in: this member is signed out, and nothing of theirs is filled in. */}
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              signedOut();
              setRestarted(true);
            }}
          >
            Logg inn på nytt
          </button>
        </p>
      </div>
    );
  }

  return (
    <form className="fc-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={user.loading}>
      {ended && !done && <p className="fc-notice">{sessionEndedMessages['sign-in']}</p>}
      <ErrorSummary
        items={problems.length > 0 ? problems : serverProblem}
        attempt={`${attempt}:${user.loading ? 1 : 0}`}
        onRetry={() => void send()}
        busy={user.loading}
      />
      <Field id="fc-email" label="E-postadresse" type="email" autoComplete="username" value={email} onChange={setEmail} error={fieldError('fc-email')} />
      <Field
        id="fc-password"
        label="Passord"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={fieldError('fc-password')}
      />
      <SubmitButton busy={user.loading}>Logg inn</SubmitButton>
      <Status>{user.loading ? 'Loggar inn …' : done ? 'Du er logga inn.' : ''}</Status>
      <p className="fc-links">
        <a href="/filmklubb/gloymt-passord" onClick={(event) => handOverEmail(typedEmail(event.currentTarget, email))}>
          Gløymt passordet?
        </a>{' '}
        · <a href="/filmklubb/bli-medlem">Bli medlem</a>
      </p>
    </form>
  );
}

/**
 * What the e-mail field shows as the link is followed: the field itself, since a click just after
 * hydration can come before React has taken over what was typed earlier (state lags the DOM).
 */
function typedEmail(link: HTMLAnchorElement, state: string): string {
  const field = link.closest('form')?.elements.namedItem('fc-email');
  return field instanceof HTMLInputElement ? field.value : state;
}
