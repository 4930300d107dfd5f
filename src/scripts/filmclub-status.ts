/**
 * The film-club indicator in the header: 'Logg inn' or 'Mi side', from the profile stored in
 * localStorage, kept in step when another tab signs in or out (the `storage` event), as the
 * film-club islands are through their store, and when this tab's islands change it. Plain
 * script, no framework, so pages without islands stay light.
 */
import { PROFILE_CHANGED_EVENT, PROFILE_KEY, readStoredProfile } from '../lib/filmclub/profile-storage';

function render(link: HTMLAnchorElement): void {
  const profile = readStoredProfile();
  const text = link.querySelector('[data-filmclub-status-text]');
  const detail = link.querySelector('[data-filmclub-status-detail]');
  if (profile) {
    link.href = '/filmklubb/mi-side';
    link.dataset['signedIn'] = '';
    if (text) text.textContent = 'Mi side';
    if (detail) detail.textContent = `, filmklubben – logga inn som ${profile.userName || profile.email}`;
  } else {
    link.href = '/filmklubb/logg-inn';
    delete link.dataset['signedIn'];
    if (text) text.textContent = 'Logg inn';
    if (detail) detail.textContent = ' i filmklubben';
  }
}

/** The header's link (wide screens) and the menu's (phones) say the same. */
export function showFilmclubStatus(root: Document): void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('[data-filmclub-status], [data-filmclub-status-copy]')];
  if (links.length === 0) return;
  if (readStoredProfile()) links.forEach(render);
  root.defaultView?.addEventListener('storage', (event) => {
    if (event.key === PROFILE_KEY || event.key === null) links.forEach(render);
  });
  // This tab's own sign-in, sign-out or ended session (the storage event only reaches others).
  root.defaultView?.addEventListener(PROFILE_CHANGED_EVENT, () => links.forEach(render));
}
