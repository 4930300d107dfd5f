/**
 * Plain nynorsk for what went wrong. The partner's own message text is never shown (SPEC §8);
 * the kind of failure decides what the member reads.
 */
import { isHttpError } from '../http';
import { UnexpectedAnswer } from './api';

export type FailureContext = 'sign-in' | 'sign-up' | 'forgot-password' | 'reviews' | 'tickets' | 'watch-list';

const unavailable = 'Vi får ikkje kontakt med filmklubben akkurat no. Prøv igjen om litt.';
const broken = 'Filmklubben har eit problem akkurat no. Prøv igjen seinare.';

export function failureMessage(error: unknown, context: FailureContext): string {
  if (isHttpError(error)) {
    if (error.kind === 'network') return unavailable;
    if (error.kind === 'timeout') return 'Filmklubben svarar ikkje. Prøv igjen om litt.';
    if (error.kind === 'parse') return broken;
    if (error.status === 401 || error.status === 403) {
      if (context === 'sign-in') return 'E-postadressa eller passordet stemmer ikkje. Prøv igjen, eller be om nytt passord.';
      return 'Du må logge inn på nytt for å sjå dette.';
    }
    if (error.status === 409 && context === 'sign-up') return 'Det finst alt ein konto med denne e-postadressa. Logg inn, eller be om nytt passord.';
    if (error.status === 400) return 'Sjekk at du har fylt ut alle felta rett.';
    return broken;
  }
  if (error instanceof UnexpectedAnswer) return broken;
  return unavailable;
}
