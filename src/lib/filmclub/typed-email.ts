/**
 * The e-mail address a member typed on the sign-in form, handed to the forgotten-password form
 * when they follow «Gløymt passordet?», so they need not type it again (WCAG 3.3.7). It goes
 * through this tab's sessionStorage, never the URL (addresses stay out of logs and referrers),
 * and is read once.
 */
import { tabStorage, type Store } from './device-storage';

export const TYPED_EMAIL_KEY = 'cw-typed-email';

/** Keeps the typed address for the next form in this tab (an empty one keeps nothing). */
export function handOverEmail(email: string, store: Store | null = tabStorage()): void {
  try {
    if (email.trim()) store?.setItem(TYPED_EMAIL_KEY, email.trim());
    else store?.removeItem(TYPED_EMAIL_KEY);
  } catch {
    // Blocked storage: the member types it again.
  }
}

/** The address handed over, once: it is removed as it is read. */
export function takeHandedEmail(store: Store | null = tabStorage()): string {
  try {
    const email = store?.getItem(TYPED_EMAIL_KEY) ?? '';
    store?.removeItem(TYPED_EMAIL_KEY);
    return email;
  } catch {
    return '';
  }
}
