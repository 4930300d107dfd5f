/**
 * The browser's storage as the film club uses it: the profile and the tickets in localStorage
 * (kept across visits), an interrupted add in sessionStorage (this tab only). Either may be
 * missing or refuse access (private modes, storage turned off): then there is none, and callers
 * go on without it. Tests pass their own store.
 */
export type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or null where there is none. */
export function deviceStorage(): Store | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** sessionStorage, or null where there is none. */
export function tabStorage(): Store | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
