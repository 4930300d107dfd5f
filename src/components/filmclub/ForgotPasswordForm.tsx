/** Forgotten-password screen: the partner sends an e-mail with a new password link. */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { requestNewPassword } from '../../lib/filmclub/actions';
import { failureMessage } from '../../lib/filmclub/messages';
import type { FilmclubSettings } from '../../lib/filmclub/settings';
import { errorCleared } from '../../lib/filmclub/stores';
import { takeHandedEmail } from '../../lib/filmclub/typed-email';
import { emailProblem, ErrorSummary, Field, Status, SubmitButton, type SummaryItem, useFieldProblems } from './Form';
import { useFilmclubApi, useUser } from './use-filmclub';

export default function ForgotPasswordForm({ settings }: { settings: FilmclubSettings }) {
  const api = useFilmclubApi(settings);
  const user = useUser();
  const [email, setEmail] = useState('');
  const { problems, attempt, check } = useFieldProblems();

  const status = useRef<HTMLParagraphElement>(null);
  const [sentTo, setSentTo] = useState('');

  // The address just typed on the sign-in form, if the member came from there (WCAG 3.3.7).
  // It is in the browser's session storage, which the server's render cannot see: read after
  // hydration, so the first render matches the HTML the page came with.
  useEffect(() => {
    const handed = takeHandedEmail();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one read of browser storage after hydration (above), not derived state
    if (handed) setEmail((typed) => typed || handed);
  }, []);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (user.loading) return;
    errorCleared();
    const emailError = emailProblem(email);
    const found: SummaryItem[] = emailError ? [{ field: 'fc-email', text: emailError }] : [];
    if (check(found)) await send();
  }

  /** The call alone: what a submit makes once the field is fine, and what *Prøv igjen* repeats. */
  async function send() {
    if (await requestNewPassword(api, email.trim())) setSentTo(email.trim());
  }

  // The outcome takes focus, where the summary or the busy button had it.
  useEffect(() => {
    if (sentTo) status.current?.focus();
  }, [sentTo]);

  const serverProblem: SummaryItem[] = user.error ? [{ text: failureMessage(user.error, 'forgot-password') }] : [];

  return (
    <form className="fc-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={user.loading}>
      <ErrorSummary
        items={problems.length > 0 ? problems : serverProblem}
        attempt={`${attempt}:${user.loading ? 1 : 0}`}
        onRetry={() => void send()}
        busy={user.loading}
      />
      <Field
        id="fc-email"
        label="E-postadresse"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={problems[0]?.text}
        hint="Vi sender ei lenkje du kan lage nytt passord med."
      />
      <SubmitButton busy={user.loading}>Send lenkje</SubmitButton>
      <Status statusRef={status}>
        {user.loading ? 'Sender …' : user.isEmailSent && sentTo ? `Sjekk e-posten din. Har du ein konto hos oss, har vi sendt ei lenkje til ${sentTo}.` : ''}
      </Status>
      <p className="fc-links">
        <a href="/filmklubb/logg-inn">Tilbake til innlogging</a>
      </p>
    </form>
  );
}
