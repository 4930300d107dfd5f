/** Sign-up screen of the film club. */
import { useState, type SubmitEvent } from 'react';
import { signUp } from '../../lib/filmclub/actions';
import { failureMessage } from '../../lib/filmclub/messages';
import type { FilmclubSettings } from '../../lib/filmclub/settings';
import { errorCleared } from '../../lib/filmclub/stores';
import { emailProblem, ErrorSummary, Field, Status, SubmitButton, type SummaryItem, useFieldProblems } from './Form';
import { useFilmclubApi, useUser } from './use-filmclub';

export const MIN_PASSWORD = 8;

export default function SignUpForm({ settings }: { settings: FilmclubSettings }) {
  const api = useFilmclubApi(settings);
  const user = useUser();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { problems, attempt, fieldError, check } = useFieldProblems();
  const [done, setDone] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (user.loading) return;
    errorCleared();
    const found: SummaryItem[] = [];
    if (name.trim() === '') found.push({ field: 'fc-name', text: 'Skriv inn namnet ditt.' });
    const emailError = emailProblem(email);
    if (emailError) found.push({ field: 'fc-email', text: emailError });
    if (password.length < MIN_PASSWORD) found.push({ field: 'fc-password', text: `Passordet må ha minst ${MIN_PASSWORD} teikn.` });
    if (!check(found)) return;
    await send();
  }

  /** The call alone: what a submit makes once the fields are fine, and what *Prøv igjen* repeats. */
  async function send() {
    if (await signUp(api, email.trim(), password, name.trim())) {
      setDone(true);
      window.location.assign('/filmklubb/mi-side');
    }
  }

  const serverProblem: SummaryItem[] = user.error ? [{ text: failureMessage(user.error, 'sign-up') }] : [];

  return (
    <form className="fc-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={user.loading}>
      <ErrorSummary
        items={problems.length > 0 ? problems : serverProblem}
        attempt={`${attempt}:${user.loading ? 1 : 0}`}
        onRetry={() => void send()}
        busy={user.loading}
      />
      <Field id="fc-name" label="Namn" type="text" autoComplete="name" value={name} onChange={setName} error={fieldError('fc-name')} />
      <Field id="fc-email" label="E-postadresse" type="email" autoComplete="email" value={email} onChange={setEmail} error={fieldError('fc-email')} />
      <Field
        id="fc-password"
        label="Vel passord"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={fieldError('fc-password')}
        hint={`Minst ${MIN_PASSWORD} teikn.`}
      />
      <SubmitButton busy={user.loading}>Bli medlem</SubmitButton>
      <Status>{user.loading ? 'Lagar kontoen din …' : done ? 'Velkomen i filmklubben!' : ''}</Status>
      <p className="fc-links">
        Har du alt ein konto? <a href="/filmklubb/logg-inn">Logg inn</a>
      </p>
    </form>
  );
}
