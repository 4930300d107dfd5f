/**
 * The search page's island: a search form that also works as a plain GET form to /search?q=,
 * results as you type (debounced), the query kept in the URL, and a status line that screen
 * readers hear. Its server-rendered HTML says that search needs JavaScript (visitors without
 * it keep seeing that); the island replaces the message once it runs. Everything shown is rendered as text by React; Pagefind's excerpt is split into
 * text parts first (src/lib/search/results.ts), so no HTML from the index or the visitor is ever
 * set on the page.
 */
import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { createSearchEngine, loadPagefindFrom, showResults } from '../../lib/search/engine';
import { readSearchState } from '../../lib/search/query';
import { createSearchStore, type SearchStore } from '../../lib/search/store';
import type { SearchType } from '../../lib/search/types';

const typeChoices: { value: SearchType | null; label: string }[] = [
  { value: null, label: 'Alt' },
  { value: 'artikkel', label: 'Artiklar' },
  { value: 'kulturarrangement', label: 'Kulturarrangement' },
];

interface Props {
  /** Where the form submits without JavaScript: the search page itself. */
  action: string;
  /** Where Pagefind's browser module lives. */
  pagefindUrl?: string;
}

function browserSearchStore(pagefindUrl: string): SearchStore {
  return createSearchStore({
    engine: createSearchEngine(loadPagefindFrom(pagefindUrl)),
    showResults,
    location: () => window.location,
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
    logError: (message, error) => console.error(message, error),
  });
}

export default function SearchApp({ action, pagefindUrl = '/pagefind/pagefind.js' }: Props) {
  const [search] = useState(() => browserSearchStore(pagefindUrl));
  const { state, phase, busy, status, addedFrom } = useStore(search.$search);
  /** False in the server's HTML and until hydration: what visitors without JavaScript see. */
  const [mounted, setMounted] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  /** After 'Vis fleire treff', focus moves to the first added result. */
  const firstAdded = useRef<HTMLAnchorElement | null>(null);

  // The URL's query (from the header's search, a link or Back) is searched at once; someone
  // quick may have typed into the server-rendered field before the island woke up.
  useEffect(() => {
    setMounted(true);
    search.start(readSearchState(window.location.search), input.current?.value ?? '');
    return () => search.stop();
  }, [search]);

  useEffect(() => {
    if (addedFrom === null) return;
    firstAdded.current?.focus();
    search.focused();
  }, [addedFrom, search]);

  function submitted(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    search.submitted();
  }

  return (
    <div className="search">
      <form className="search-form" role="search" aria-label="Søk i artiklar og kulturarrangement" action={action} method="get" onSubmit={submitted}>
        <div className="field">
          <label htmlFor="sok-q">Søk i artiklar og kulturarrangement</label>
          <input
            id="sok-q"
            ref={input}
            name="q"
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            value={state.query}
            onChange={(event) => search.typed(event.target.value)}
            aria-describedby="sok-status"
          />
        </div>
        <button className="button" type="submit">
          Søk
        </button>
        <fieldset className="search-types">
          <legend>Vis</legend>
          {typeChoices.map((choice) => (
            <label key={choice.label} className="search-types__choice">
              <input type="radio" name="type" value={choice.value ?? ''} checked={state.type === choice.value} onChange={() => search.chose(choice.value)} />
              {choice.label}
            </label>
          ))}
        </fieldset>
      </form>
      {state.type === 'kulturarrangement' && <p className="search-hint">Kulturarrangementa kjem i datoorden, det næraste først.</p>}

      <p id="sok-status" className="search-status" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </p>

      {!mounted && (
        // Hidden at once when the page runs scripts (html.js); gone when the island is up.
        <div className="empty search-needs-js">
          <p>Søket treng JavaScript, og det er slått av i nettlesaren din.</p>
          <p>
            Du finn det same ved å sjå gjennom <a href="/aktuelt">Aktuelt</a>, <a href="/tilbod">Faste tilbod</a> og{' '}
            <a href="/kulturprogram">Kulturprogrammet</a>.
          </p>
        </div>
      )}

      {mounted && phase.kind === 'empty' && <p className="search-hint">Skriv eitt eller fleire ord, så viser vi treff medan du skriv.</p>}

      {phase.kind === 'error' && (
        <div className="empty search-error">
          <p>Søket fungerer ikkje akkurat no. Prøv igjen om litt.</p>
          <p>
            Du kan òg sjå gjennom <a href="/aktuelt">Aktuelt</a>, <a href="/tilbod">Faste tilbod</a> og <a href="/kulturprogram">Kulturprogrammet</a>.
          </p>
        </div>
      )}

      {phase.kind === 'done' && phase.hits.length === 0 && (
        <div className="empty">
          <p>
            Vi fann ingenting på «{phase.term}». Prøv eit anna ord, eller sjå gjennom <a href="/aktuelt">Aktuelt</a>, <a href="/tilbod">Faste tilbod</a> og{' '}
            <a href="/kulturprogram">Kulturprogrammet</a>.
          </p>
        </div>
      )}

      {phase.kind === 'done' && phase.hits.length > 0 && (
        <section className="search-results" aria-labelledby="sok-treff" aria-busy={busy}>
          <h2 id="sok-treff">Treff</h2>
          <ol className="search-results__list">
            {phase.shown.map((result, index) => (
              <li key={result.url} className="search-result">
                <h3 className="search-result__title">
                  <a href={result.url} ref={index === addedFrom ? firstAdded : undefined}>
                    {result.title}
                  </a>
                </h3>
                {(result.typeLabel || result.when) && (
                  <p className="search-result__meta">
                    {result.typeLabel && <span className="tag">{result.typeLabel}</span>}{' '}
                    {result.when && (result.date ? <time dateTime={result.date}>{result.when}</time> : <span>{result.when}</span>)}
                  </p>
                )}
                {result.excerpt.length > 0 && (
                  <p className="search-result__excerpt">
                    {result.excerpt.map((part, partIndex) =>
                      part.marked ? <mark key={partIndex}>{part.text}</mark> : <Fragment key={partIndex}>{part.text}</Fragment>,
                    )}
                  </p>
                )}
              </li>
            ))}
          </ol>
          {phase.shown.length < phase.hits.length && (
            <button className="button" type="button" onClick={() => void search.more()} disabled={busy}>
              Vis fleire treff ({phase.hits.length - phase.shown.length} til)
            </button>
          )}
        </section>
      )}
    </div>
  );
}
