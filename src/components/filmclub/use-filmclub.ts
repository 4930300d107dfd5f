/** Shared wiring for the film-club islands: the API for the configured partner, and the profile. */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { createFilmclubApi, type FilmclubApi } from '../../lib/filmclub/api';
import type { FilmclubSettings } from '../../lib/filmclub/settings';
import { $user, profileRestored } from '../../lib/filmclub/stores';

export function useFilmclubApi(settings: FilmclubSettings): FilmclubApi {
  return useMemo(() => createFilmclubApi(settings), [settings.apiUrl]);
}

/** The user state, with the stored profile restored once the island is in the browser. */
export function useUser() {
  useEffect(() => {
    profileRestored();
  }, []);
  return useStore($user);
}

/** A same-site path to go back to after signing in (?tilbake=/sti), or Mi side. */
export function returnPath(search: string): string {
  const wanted = new URLSearchParams(search).get('tilbake') ?? '';
  return /^\/(?!\/)[^\s\\]*$/.test(wanted) ? wanted : '/filmklubb/mi-side';
}
