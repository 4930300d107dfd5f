/**
 * The search page's island: a search form that also works as a plain GET form to /search?q=,
 * results as you type (debounced), the query kept in the URL, a filter by type, and a status
 * line that screen readers hear. Its server-rendered HTML says that search needs JavaScript
 * (visitors without it keep seeing that); the island replaces the message once it runs.
 * Everything shown is rendered as text by React; Pagefind's excerpt is split into text parts
 * first (src/lib/search/results.ts), so no HTML from the index or the visitor is ever set on
 * the page. A film's or event's ticket link is chosen from the visitor's clock, and chosen
 * again every minute, so a showing that has started is never offered.
 */
import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useRef, useState, type Ref, type SubmitEvent } from 'react';
import { createSearchEngine, loadPagefindFrom, showResults } from '../../lib/search/engine';
import { readSearchState, searchStateUrl } from '../../lib/search/query';
import { looksLikeTitle, nextTicket, ticketItemAttributes, type SearchResultView } from '../../lib/search/results';
import { createSearchStore, type SearchStore } from '../../lib/search/store';
import { SEARCH_WORDS_FILE, parseSearchWords } from '../../lib/search/suggest';
import { SEARCH_TYPES, SEARCH_TYPE_CHOICES, type SearchType } from '../../lib/search/types';
import { unpackWordForms, type WordForms } from '../../lib/search/word-forms';

const typeChoices: { value: SearchType | null; label: string }[] = [
  { value: null, label: 'Alt' },
  ...SEARCH_TYPES.map((type) => ({ value: type, label: SEARCH_TYPE_CHOICES[type] })),
];

/** How often the ticket links are chosen again from the clock. */
const CLOCK_TICK_MS = 60_000;

interface Props {
  /** Where the form submits without JavaScript: the search page itself. */
  action: string;
  /** Where Pagefind's browser module lives. */
  pagefindUrl?: string;
  /** The site's groups of words searched as one (content/config.json, theme.search.wordForms), packed by `packWordForms`. */
  wordForms?: string;
}

/**
 * The words «Meinte du …?» chooses from: the index's (fetched once, when a search first finds
 * little; a failed fetch is tried again next time) and the site's word forms.
 */
function knownWordsFrom(url: string, wordForms: WordForms): () => Promise<readonly string[]> {
  let words: Promise<readonly string[]> | null = null;
  const forms = wordForms.flat().map((word) => word.toLocaleLowerCase('nn'));
  return () => {
    words ??= fetch(new URL(url, document.baseURI))
      .then(async (response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        return [...new Set([...parseSearchWords(await response.json()), ...forms])];
      })
      .catch((error: unknown) => {
        words = null;
        throw error;
      });
    return words;
  };
}

function browserSearchStore(pagefindUrl: string, wordForms: WordForms): SearchStore {
  return createSearchStore({
    knownWords: knownWordsFrom(`/${SEARCH_WORDS_FILE}`, wordForms),
    engine: createSearchEngine(loadPagefindFrom(pagefindUrl), wordForms),
    showResults,
    location: () => window.location,
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
    logError: (message, error) => console.error(message, error),
  });
}

/** Where to look instead, when nothing was found or search cannot run. */
function Elsewhere() {
  return (
    <p>
      Sjå gjennom <a href="/kinoprogram">Kinoprogrammet</a>, <a href="/kulturprogram">Kulturprogrammet</a> og <a href="/aktuelt">Aktuelt</a>, eller{' '}
      <a href="/kontakt">ta kontakt med oss</a>.
    </p>
  );
}

function Result({ result, now, linkRef }: { result: SearchResultView; now: Date; linkRef?: Ref<HTMLAnchorElement> | undefined }) {
  const ticket = nextTicket(result.showings, now);
  const showsLead = result.type !== 'side' && result.lead;
  return (
    <li className={`search-result${result.poster ? ' search-result--poster' : ''}`}>
      {result.poster && <img className="search-result__poster" src={result.poster} alt="" width="64" height="96" loading="lazy" decoding="async" />}
      <div className="search-result__text">
        <h3 className="search-result__title">
          <a href={result.url} ref={linkRef}>
            {result.title}
          </a>
        </h3>
        {(result.typeLabel || result.when || result.age) && (
          <p className="search-result__meta">
            {result.typeLabel && <span className="tag">{result.typeLabel}</span>}
            {result.age && <span>{result.age}</span>}
            {result.when && (result.date ? <time dateTime={result.date}>{result.when}</time> : <span>{result.when}</span>)}
          </p>
        )}
        {showsLead ? (
          <p className="search-result__excerpt">{result.lead}</p>
        ) : (
          result.excerpt.length > 0 && (
            <p className="search-result__excerpt">
              {result.excerpt.map((part, partIndex) =>
                part.marked ? <mark key={partIndex}>{part.text}</mark> : <Fragment key={partIndex}>{part.text}</Fragment>,
              )}
            </p>
          )
        )}
        {ticket && (
          <p className="search-result__ticket">
            <a className="search-result__ticket-link" href={ticket.href} data-ticket-link {...ticketItemAttributes(result)}>
              Kjøp billett: <time dateTime={ticket.start}>{ticket.when}</time>
              <span className="visually-hidden"> ({result.title})</span>
            </a>
          </p>
        )}
      </div>
    </li>
  );
}

export default function SearchApp({ action, pagefindUrl = '/pagefind/pagefind.js', wordForms = '' }: Props) {
  const [search] = useState(() => browserSearchStore(pagefindUrl, unpackWordForms(wordForms)));
  const { state, phase, busy, status, addedFrom } = useStore(search.$search);
  /** False in the server's HTML and until hydration: what visitors without JavaScript see. */
  const [mounted, setMounted] = useState(false);
  /** The visitor's clock, which picks the next showing of each result. */
  const [now, setNow] = useState(() => new Date());
  const input = useRef<HTMLInputElement | null>(null);
  /** After 'Vis fleire treff', focus moves to the first added result. */
  const firstAdded = useRef<HTMLAnchorElement | null>(null);

  // The URL's query (from the header's search, a link or Back) is searched at once; someone
  // quick may have typed into the server-rendered field before the island woke up.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the render after hydration shows the live search instead of the server's HTML
    setMounted(true);
    search.start(readSearchState(window.location.search), input.current?.value ?? '');
    const clock = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => {
      window.clearInterval(clock);
      search.stop();
    };
  }, [search]);

  // New results are shown against the clock of the moment they came.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock is read when results come, which is outside React
  useEffect(() => setNow(new Date()), [phase]);

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
      <form className="search-form" role="search" aria-label="Søk i filmar, arrangement, artiklar og sider" action={action} method="get" onSubmit={submitted}>
        <div className="field">
          <label htmlFor="sok-q">Søk i filmar, arrangement, artiklar og sider</label>
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

      {/* The count, whether the words were taken one at a time, and «Meinte du …?» as one line, heard as one. */}
      <p id="sok-status" className="search-status" role="status" aria-live="polite" aria-atomic="true">
        {status}
        {phase.kind === 'done' && phase.suggestion && (
          <span className="search-suggestion">
            {' '}
            Meinte du <a href={searchStateUrl(action, '', { query: phase.suggestion, type: state.type })}>{phase.suggestion}</a>?
          </span>
        )}
      </p>

      {!mounted && (
        // Hidden at once when the page runs scripts (html.js); gone when the island is up.
        <div className="empty search-needs-js">
          <p>Søket treng JavaScript, og det er slått av i nettlesaren din.</p>
          <p>
            Du finn det same ved å sjå gjennom <a href="/kinoprogram">Kinoprogrammet</a>, <a href="/kulturprogram">Kulturprogrammet</a>,{' '}
            <a href="/aktuelt">Aktuelt</a> og <a href="/tilbod">Faste tilbod</a>.
          </p>
        </div>
      )}

      {/* In the server's HTML too (hidden there without JavaScript, search.css): drawn with the
          first paint, it is the page's largest text, and nothing moves when the island wakes. */}
      {phase.kind === 'empty' && (
        <p className="search-hint">Skriv kva du leitar etter, til dømes ein filmtittel, «opningstider» eller «leige», så viser vi treff medan du skriv.</p>
      )}

      {phase.kind === 'error' && (
        <div className="empty search-error">
          <p>Søket fungerer ikkje akkurat no. Prøv igjen om litt.</p>
          <Elsewhere />
        </div>
      )}

      {phase.kind === 'done' && phase.hits.length === 0 && (
        <div className="empty search-none">
          <p>
            Vi fann ingenting på «{phase.term}»{state.type ? ' med det du har valt under «Vis»' : ''}. Prøv eit anna ord{state.type ? ', eller vel «Alt»' : ''}.
          </p>
          {looksLikeTitle(phase.term) && <p>Leitar du etter ein film eller eit arrangement, går «{phase.term}» ikkje hos oss no.</p>}
          <Elsewhere />
        </div>
      )}

      {phase.kind === 'done' && phase.hits.length > 0 && (
        <section className="search-results" aria-labelledby="sok-treff" aria-busy={busy}>
          <h2 id="sok-treff">Treff</h2>
          <ol className="search-results__list">
            {phase.shown.map((result, index) => (
              <Result key={result.url} result={result} now={now} linkRef={index === addedFrom ? firstAdded : undefined} />
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
