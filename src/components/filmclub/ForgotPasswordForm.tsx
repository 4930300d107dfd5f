/** Forgotten-password screen: the partner sends an e-mail with a new password link. */
import { useState, type SubmitEvent } from 'react';
import { requestNewPassword } from '../../lib/filmclub/actions';
import { failureMessage } from '../../lib/filmclub/messages';
import type { FilmclubSettings } from '../../lib/filmclub/settings';
import { errorCleared } from '../../lib/filmclub/stores';
import { emailProblem, ErrorSummary, Field, Status, SubmitButton, type SummaryItem, useFieldProblems } from './Form';
import { useFilmclubApi, useUser } from './use-filmclub';

export default function ForgotPasswordForm({ settings }: { settings: FilmclubSettings }) {
  const api = useFilmclubApi(settings);
  const user = useUser();
  const [email, setEmail] = useState('');
  const { problems, attempt, check } = useFieldProblems();

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    errorCleared();
    const emailError = emailProblem(email);
    const found: SummaryItem[] = emailError ? [{ field: 'fc-email', text: emailError }] : [];
    if (check(found)) await requestNewPassword(api, email.trim());
  }

  const serverProblem: SummaryItem[] = user.error && !user.loading ? [{ text: failureMessage(user.error, 'forgot-password') }] : [];

  return (
    <form className="fc-form" noValidate onSubmit={submit} aria-busy={user.loading}>
      <ErrorSummary items={problems.length > 0 ? problems : serverProblem} attempt={`${attempt}:${user.loading ? 1 : 0}`} />
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
      <Status>
        {user.loading
          ? 'Sender …'
          : user.isEmailSent
            ? `Sjekk e-posten din. Har du ein konto hos oss, har vi sendt ei lenkje til ${email.trim()}.`
            : ''}
      </Status>
      <p className="fc-links">
        <a href="/filmklubb/logg-inn">Tilbake til innlogging</a>
      </p>
    </form>
  );
}
