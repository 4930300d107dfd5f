/** Shared wiring for the film-club islands: the API for the configured partner, and the profile. */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { createFilmclubApi, type FilmclubApi } from '../../lib/filmclub/api';
import type { FilmclubSettings } from '../../lib/filmclub/settings';
import { $user } from '../../lib/filmclub/stores';

export function useFilmclubApi(settings: FilmclubSettings): FilmclubApi {
  const { apiUrl } = settings;
  return useMemo(() => createFilmclubApi({ apiUrl }), [apiUrl]);
}

/**
 * The user state. The store restores the stored profile itself when first subscribed; the
 * server's HTML (and so hydration) always shows the signed-out state, which the browser then
 * replaces with what it knows.
 */
export function useUser() {
  return useStore($user, { ssr: 'initial' });
}

/** False in the server's HTML and during hydration, true once the island runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the one render after hydration is the point: the server's HTML is the no-JavaScript state
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** A same-site path to go back to after signing in (?tilbake=/sti), or Mi side. */
export function returnPath(search: string): string {
  const wanted = new URLSearchParams(search).get('tilbake') ?? '';
  return /^\/(?!\/)[^\s\\]*$/.test(wanted) ? wanted : '/filmklubb/mi-side';
}
