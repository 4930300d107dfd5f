/**
 * The film-club indicator in the header: 'Logg inn' or 'Mi side', from the profile stored in
 * localStorage. Plain script, no framework, so pages without islands stay light.
 */
import { readStoredProfile } from '../lib/filmclub/profile-storage';

export function showFilmclubStatus(root: Document): void {
  const link = root.querySelector<HTMLAnchorElement>('[data-filmclub-status]');
  if (!link) return;
  const profile = readStoredProfile();
  if (!profile) return;
  link.href = '/filmklubb/mi-side';
  link.dataset['signedIn'] = '';
  const text = link.querySelector('[data-filmclub-status-text]');
  const detail = link.querySelector('[data-filmclub-status-detail]');
  if (text) text.textContent = 'Mi side';
  if (detail) detail.textContent = `, filmklubben – logga inn som ${profile.userName || profile.email}`;
}
