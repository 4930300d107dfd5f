/**
 * Plain nynorsk for what went wrong. The partner's own message text is never shown (SPEC §8);
 * the kind of failure decides what the member reads.
 */
import { isHttpError } from '../http';
import { UnexpectedAnswer } from './api';

export type FailureContext = 'sign-in' | 'sign-up' | 'forgot-password' | 'reviews' | 'tickets' | 'watch-list' | 'add-to-watch-list';

/** What a refused call (401, 403) means on each screen. */
const refused: Record<FailureContext, string> = {
  'sign-in': 'E-postadressa eller passordet stemmer ikkje. Prøv igjen, eller be om nytt passord.',
  'sign-up': 'Filmklubben tok ikkje imot registreringa akkurat no. Prøv igjen om litt.',
  'forgot-password': 'Filmklubben tok ikkje imot førespurnaden om nytt passord akkurat no. Prøv igjen om litt.',
  reviews: 'Filmklubben ville ikkje gje oss omtalane akkurat no. Prøv igjen om litt.',
  tickets: 'Du må logge inn på nytt for å sjå billettane dine.',
  'watch-list': 'Du må logge inn på nytt for å sjå ønskjelista di.',
  'add-to-watch-list': 'Du må logge inn på nytt for å leggje filmen i ønskjelista.',
};

/** Whether the failure means the member must sign in again (a session or token gone stale). */
export function needsSignIn(error: unknown, context: FailureContext): boolean {
  return (
    isHttpError(error) &&
    (error.status === 401 || error.status === 403) &&
    (context === 'tickets' || context === 'watch-list' || context === 'add-to-watch-list')
  );
}

/** What the member reads when the partner ended the session (a 401 after the token switch). */
export const sessionEndedMessages = {
  'sign-in': 'Økta di i filmklubben gjekk ut, så du må logge inn på nytt. Etterpå kjem du tilbake dit du var.',
  'my-page': 'Økta di i filmklubben gjekk ut. Logg inn på nytt for å sjå billettane og ønskjelista di.',
  'add-to-watch-list': 'Økta di i filmklubben gjekk ut. Logg inn på nytt, så legg vi filmen i ønskjelista di.',
} as const;

/** The partner answered an add to the watch list, but not with yes. */
export const declinedAddMessage = 'Filmklubben svarte at filmen ikkje kunne leggjast i ønskjelista no. Prøv igjen seinare.';

const unavailable = 'Vi får ikkje kontakt med filmklubben akkurat no. Prøv igjen om litt.';
const broken = 'Filmklubben har eit problem akkurat no. Prøv igjen seinare.';

export function failureMessage(error: unknown, context: FailureContext): string {
  if (isHttpError(error)) {
    if (error.kind === 'network') return unavailable;
    if (error.kind === 'timeout') return 'Filmklubben svarar ikkje. Prøv igjen om litt.';
    if (error.kind === 'parse') return broken;
    if (error.status === 401 || error.status === 403) return refused[context];
    if (error.status === 409 && context === 'sign-up') return 'Det finst alt ein konto med denne e-postadressa. Logg inn, eller be om nytt passord.';
    if (error.status === 400) return 'Sjekk at du har fylt ut alle felta rett.';
    return broken;
  }
  if (error instanceof UnexpectedAnswer) return broken;
  return unavailable;
}
