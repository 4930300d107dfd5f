/**
 * The one in-process notifier behind the status page's live channel (routes/live-route.ts): whatever
 * changes something the page shows (the run log and its steps, the preview, the pause, how
 * current the site is) calls `changed()`, and every open channel hears of it. It carries no
 * data but a version: the page then fetches its own HTML once, so the server-rendered page
 * stays the one truth. The version names this process too, so a page that reconnects after a
 * restart never mistakes the new process's count for the one it knew.
 */
import { randomBytes } from 'node:crypto';

export type ChangeListener = (version: string) => void;

export class LiveChanges {
  /** This process, so versions of two processes never look alike. */
  readonly #boot: string;
  #count = 0;
  readonly #listeners = new Set<ChangeListener>();
  readonly #closing = new AbortController();

  constructor(boot = randomBytes(4).toString('hex')) {
    this.#boot = boot;
  }

  /** What the page rendered now reflects; a page that knows another version is behind. */
  get version(): string {
    return `${this.#boot}-${this.#count}`;
  }

  /** Aborted when the service stops: every open channel then ends, so the server can close. */
  get closed(): AbortSignal {
    return this.#closing.signal;
  }

  /** Something the status page shows has changed: a new version, told to every listener. */
  changed(): void {
    if (this.#closing.signal.aborted) return;
    this.#count += 1;
    const version = this.version;
    for (const listener of [...this.#listeners])
      try {
        listener(version);
      } catch {
        // One listener's failure (a channel gone) never keeps the others from hearing of it.
      }
  }

  /** Hears of every change until the answer is called. */
  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** How many listen now (open channels). */
  get listening(): number {
    return this.#listeners.size;
  }

  /** Ends every channel; later changes are not told. */
  close(): void {
    this.#listeners.clear();
    this.#closing.abort();
  }
}
