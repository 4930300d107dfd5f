/**
 * Failures that offer *Prøv igjen*. The retry runs that one call again; focus first moves to
 * a stable place (the section's heading) so it is never lost while the message makes way for
 * the loading state, and the section's polite status says how the retry went.
 */
import { useRef, useState, type RefObject } from 'react';

export interface ProblemProps {
  message: string;
  onRetry: () => void;
  /** What the retry button says to a screen reader beyond its text ('Prøv igjen å hente billettane'). */
  retryLabel?: string;
  /** Offers signing in again (a refused member call). */
  signInPath?: string | undefined;
}

export function Problem({ message, onRetry, retryLabel, signInPath }: ProblemProps) {
  return (
    <div className="fc-problem">
      <p>{message}</p>
      <p className="fc-problem__actions">
        <button type="button" className="button button--quiet" onClick={onRetry} aria-label={retryLabel}>
          Prøv igjen
        </button>
        {signInPath && <a href={`/filmklubb/logg-inn?tilbake=${encodeURIComponent(signInPath)}`}>Logg inn på nytt</a>}
      </p>
    </div>
  );
}

/** A retry's life: none yet, running, or finished (its outcome read from the store). */
export type RetryState = 'none' | 'running' | 'done';

/**
 * Runs a retry: focus to `focusTarget` (a heading with tabIndex -1), then the call; the state
 * lets the section announce the outcome once it is known.
 */
export function useRetry(run: () => Promise<unknown>, focusTarget: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<RetryState>('none');
  const running = useRef(false);
  return {
    state,
    retry: () => {
      if (running.current) return;
      running.current = true;
      focusTarget.current?.focus();
      setState('running');
      void run().finally(() => {
        running.current = false;
        setState('done');
      });
    },
  };
}
