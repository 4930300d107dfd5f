/**
 * Accessible form parts for the film-club screens: labelled fields whose errors are tied to
 * them, and an error summary that takes focus and links to each field (GOV.UK pattern).
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

export interface FieldProps {
  id: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

export function Field({ id, label, type, autoComplete, value, onChange, error, hint }: FieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // What was typed or autofilled before React took over the field is in the DOM, not in state:
  // take it over once, so the first submit sends what the visitor sees.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '' && typed !== value) onChange(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration: later values are React's own
  }, []);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`fc-field${error ? ' fc-field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="fc-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="fc-field__error" id={`${id}-error`}>
          <span className="visually-hidden">Feil: </span>
          {error}
        </p>
      )}
      <input
        ref={input}
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        required
        {...(type === 'email' ? { inputMode: 'email' as const, spellCheck: false, autoCapitalize: 'none' } : {})}
      />
    </div>
  );
}

export interface SummaryItem {
  /** Field id to link to, or undefined for a failure of the whole form. */
  field?: string;
  text: string;
}

/**
 * Shown above the form after a failed attempt; takes focus so screen readers read it at once.
 * A failure of the call itself (not of a field) offers *Prøv igjen*, which sends the form again.
 */
export function ErrorSummary({
  items,
  attempt,
  onRetry,
  busy = false,
}: {
  items: SummaryItem[];
  attempt: string;
  onRetry?: (() => void) | undefined;
  busy?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (items.length > 0) ref.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus moves on a new attempt only, not when the items change
  }, [attempt]);
  if (items.length === 0) return null;
  return (
    <div className="fc-error-summary" role="alert" aria-labelledby="fc-error-summary-title" tabIndex={-1} ref={ref}>
      <h2 id="fc-error-summary-title">Noko gjekk gale</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.field ?? 'form'}-${item.text}`}>{item.field ? <a href={`#${item.field}`}>{item.text}</a> : item.text}</li>
        ))}
      </ul>
      {onRetry && items.every((item) => !item.field) && (
        <p className="fc-problem__actions">
          <button type="button" className="button button--quiet" onClick={busy ? undefined : onRetry} aria-disabled={busy ? true : undefined}>
            {busy ? 'Prøver igjen …' : 'Prøv igjen'}
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * The form's submit button. It stays disabled in the server's HTML until React has taken over
 * the form: a click (or Enter) before then would submit the form natively, as a GET that puts
 * the password in the address bar and the history, and would lose what was typed. While the
 * call runs it is only aria-disabled (the form ignores a second submit): a disabled button
 * would drop the focus it holds to the page.
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the one render after hydration is the point: the server's HTML keeps the button disabled
  useEffect(() => setHydrated(true), []);
  return (
    <button type="submit" className="button" disabled={!hydrated} aria-disabled={busy ? true : undefined}>
      {children}
    </button>
  );
}

/** A polite live region for progress and results (focusable from code, to move focus to an outcome). */
export function Status({ children, statusRef }: { children: ReactNode; statusRef?: RefObject<HTMLParagraphElement | null> }) {
  return (
    <p className="fc-status" role="status" aria-live="polite" ref={statusRef} tabIndex={statusRef ? -1 : undefined}>
      {children}
    </p>
  );
}

export const emailProblem = (value: string): string | undefined =>
  value.trim() === ''
    ? 'Skriv inn e-postadressa di.'
    : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
      ? undefined
      : 'Skriv inn ei gyldig e-postadresse, til dømes namn@døme.no.';

/**
 * The field problems of a form's last submit. check() records them (a new attempt, so the
 * summary takes focus again) and says whether the form may be sent.
 */
export function useFieldProblems() {
  const [problems, setProblems] = useState<SummaryItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  return {
    problems,
    attempt,
    fieldError: (id: string) => problems.find((problem) => problem.field === id)?.text,
    check: (found: SummaryItem[]): boolean => {
      setAttempt((n) => n + 1);
      setProblems(found);
      return found.length === 0;
    },
  };
}
