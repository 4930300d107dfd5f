/**
 * The film club on a film page: the partner's movie info (poster, rating, count, link), the
 * reviews (the first few, then the rest on request) and *Legg til i ønskjelista*, which knows the
 * member's watch list (loaded once per page, token switch first) and says *På ønskjelista*
 * for a film already there. Every failure offers *Prøv igjen*. Hydrates when the browser is
 * idle, so its controls are in place before a keyboard user reaches them.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { addToWatchList, ensureWatchList, loadMovieInfo, loadReviews, type AddOutcome } from '../../lib/filmclub/actions';
import { countOf, formatRating, formatReviewDate } from '../../lib/filmclub/format';
import { declinedAddMessage, failureMessage, needsSignIn, sessionEndedMessages } from '../../lib/filmclub/messages';
import { rememberPendingAdd, takePendingAdd } from '../../lib/filmclub/pending-add';
import { choosePoster, type FilmPoster } from '../../lib/filmclub/posters';
import type { FilmclubSettings } from '../../lib/filmclub/settings';
import { $movieInfo, $reviews, $watchList } from '../../lib/filmclub/stores';
import { Status } from './Form';
import { Poster } from './Poster';
import { Problem, useRetry } from './Retry';
import { useFilmclubApi, useHydrated, useUser } from './use-filmclub';

interface Props {
  settings: FilmclubSettings;
  ediNumber: string;
  title: string;
  /** Path of this film page, to come back to after signing in. */
  path: string;
  /** The production's own poster, where the partner sends none. */
  poster?: FilmPoster | null;
}

/** Reviews shown before the rest are asked for: two, so a phone reaches what follows the panel. */
export const FIRST_REVIEWS = 2;

type AddState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'adding' }
  | { readonly kind: 'added' }
  | { readonly kind: 'declined' }
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'session-ended' };

export default function FilmClubPanel({ settings, ediNumber, title, path, poster = null }: Props) {
  const api = useFilmclubApi(settings);
  const hydrated = useHydrated();
  const user = useUser();
  const info = useStore($movieInfo);
  const reviews = useStore($reviews);
  const watchList = useStore($watchList);
  const [add, setAdd] = useState<AddState>({ kind: 'idle' });
  const [allReviews, setAllReviews] = useState(false);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const reviewsHeading = useRef<HTMLHeadingElement>(null);
  const onListNote = useRef<HTMLParagraphElement>(null);
  const firstMore = useRef<HTMLLIElement>(null);
  const sessionEndedNote = useRef<HTMLDivElement>(null);
  const pendingTaken = useRef(false);
  const infoRetry = useRetry(() => loadMovieInfo(api, ediNumber), panelHeading);
  const reviewsRetry = useRetry(() => loadReviews(api, ediNumber), reviewsHeading);
  const signedIn = Boolean(user.userProfile);

  useEffect(() => {
    void loadMovieInfo(api, ediNumber);
    void loadReviews(api, ediNumber);
  }, [api, ediNumber]);

  useEffect(() => {
    if (signedIn) void ensureWatchList(api);
  }, [api, signedIn]);

  useEffect(() => {
    if (add.kind === 'added') onListNote.current?.focus();
    // The button the member pressed is gone with the session: the note that says why takes focus.
    if (add.kind === 'session-ended') sessionEndedNote.current?.focus();
  }, [add.kind]);

  useEffect(() => {
    if (allReviews) firstMore.current?.focus();
  }, [allReviews]);

  const movie = info.data;

  // Back from signing in again after the session ran out mid-add: finish what the member began.
  useEffect(() => {
    if (!signedIn || !movie || pendingTaken.current) return;
    pendingTaken.current = true;
    if (takePendingAdd(path, new Date()) === movie.movieId) void addMovie();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- meant to run when the member or the film arrives; pendingTaken makes it once
  }, [signedIn, movie?.movieId]);

  const onList = movie ? watchList.items.some((item) => item.movieId === movie.movieId) : false;
  const posterChoice = choosePoster(
    { edis: movie?.edis.length ? movie.edis : [ediNumber], title: movie?.title || title, picture: movie?.poster ?? null },
    poster ? [poster] : [],
  );

  async function addMovie() {
    if (!movie || add.kind === 'adding') return;
    setAdd({ kind: 'adding' });
    const outcome: AddOutcome = await addToWatchList(api, {
      movieId: movie.movieId,
      title: movie.title,
      edis: movie.edis,
      poster: movie.poster,
      link: movie.link,
    });
    if (outcome.kind === 'session-ended') rememberPendingAdd({ movieId: movie.movieId, path, at: Date.now() });
    setAdd(outcome);
  }

  const infoLoading = !hydrated || info.loading;
  const shownReviews = reviews.data ? (allReviews ? reviews.data : reviews.data.slice(0, FIRST_REVIEWS)) : [];
  const hiddenReviews = reviews.data ? reviews.data.length - shownReviews.length : 0;

  return (
    <section className="fc-panel" aria-labelledby="fc-panel-title">
      <h2 id="fc-panel-title" tabIndex={-1} ref={panelHeading}>
        Filmklubben om «{title}»
      </h2>
      <Status>
        {infoLoading
          ? 'Hentar informasjon frå filmklubben …'
          : infoRetry.state === 'done'
            ? movie
              ? 'Informasjonen frå filmklubben er henta.'
              : 'Det gjekk ikkje denne gongen heller.'
            : ''}
      </Status>
      {!infoLoading && !movie && (
        <Problem
          message="Informasjon frå filmklubben er ikkje tilgjengeleg akkurat no."
          onRetry={infoRetry.retry}
          retryLabel="Prøv igjen å hente informasjon frå filmklubben"
        />
      )}
      {movie && (
        <div className="fc-movie">
          <Poster choice={posterChoice} className="fc-poster fc-poster--small" />
          <div className="fc-movie__text">
            {movie.rating !== null ? (
              <p className="fc-movie__rating">
                <strong>{formatRating(movie.rating)}</strong> ({countOf(movie.ratingCount, 'vurdering', 'vurderingar')})
              </p>
            ) : (
              <p>Ingen vurderingar enno.</p>
            )}
            {movie.link && (
              <p>
                <a href={movie.link}>Sjå «{movie.title}» hos filmklubben</a>
              </p>
            )}
            {signedIn ? (
              <WatchListControl
                state={add}
                onList={onList}
                checking={watchList.loading && !onList}
                noteRef={onListNote}
                onAdd={() => void addMovie()}
                path={path}
              />
            ) : add.kind === 'session-ended' ? (
              <div className="fc-problem" tabIndex={-1} ref={sessionEndedNote}>
                <p>{sessionEndedMessages['add-to-watch-list']}</p>
                <p className="fc-problem__actions">
                  <a className="button" href={`/filmklubb/logg-inn?tilbake=${encodeURIComponent(path)}`}>
                    Logg inn på nytt
                  </a>
                </p>
              </div>
            ) : (
              <p>
                <a href={`/filmklubb/logg-inn?tilbake=${encodeURIComponent(path)}`}>Logg inn</a> for å leggje filmen i ønskjelista di.
              </p>
            )}
            <Status>
              {add.kind === 'adding'
                ? 'Legg til …'
                : add.kind === 'added'
                  ? `«${movie.title}» er lagd i ønskjelista di.`
                  : add.kind === 'failed'
                    ? `Vi fekk ikkje lagt filmen i ønskjelista. ${failureMessage(add.error, 'add-to-watch-list')}`
                    : add.kind === 'declined'
                      ? declinedAddMessage
                      : add.kind === 'session-ended'
                        ? sessionEndedMessages['add-to-watch-list']
                        : ''}
            </Status>
          </div>
        </div>
      )}

      <h3 tabIndex={-1} ref={reviewsHeading}>
        Kva seier medlemene?
      </h3>
      <Status>
        {!hydrated || reviews.loading
          ? 'Hentar omtalar …'
          : reviewsRetry.state === 'done'
            ? reviews.error
              ? 'Det gjekk ikkje denne gongen heller.'
              : `Omtalane er henta: ${countOf(reviews.data?.length ?? 0, 'omtale', 'omtalar')}.`
            : ''}
      </Status>
      {Boolean(reviews.error) && !reviews.loading && (
        <Problem message={failureMessage(reviews.error, 'reviews')} onRetry={reviewsRetry.retry} retryLabel="Prøv igjen å hente omtalane" />
      )}
      {reviews.data && reviews.data.length === 0 && !reviews.error && <p>Ingen har skrive om filmen enno.</p>}
      {shownReviews.length > 0 && (
        <ul className="fc-reviews">
          {shownReviews.map((review, index) => (
            <li
              key={review.id || index}
              className="fc-review"
              tabIndex={index === FIRST_REVIEWS ? -1 : undefined}
              ref={index === FIRST_REVIEWS ? firstMore : undefined}
            >
              <p className="fc-review__head">
                <strong>{review.userName || 'Anonym'}</strong>
                {review.rating !== null && <span> · {formatRating(review.rating)}</span>}
                {review.addedAt && <span> · {formatReviewDate(review.addedAt)}</span>}
              </p>
              {review.comment && <p>{review.comment}</p>}
              <p className="fc-review__likes">{review.likesCount === 1 ? '1 likar dette' : `${review.likesCount} likar dette`}</p>
            </li>
          ))}
        </ul>
      )}
      {hiddenReviews > 0 && (
        <p>
          <button type="button" className="button button--quiet" onClick={() => setAllReviews(true)}>
            Vis {countOf(hiddenReviews, 'omtale', 'omtalar')} til
          </button>
        </p>
      )}
    </section>
  );
}

interface ControlProps {
  state: AddState;
  onList: boolean;
  checking: boolean;
  noteRef: RefObject<HTMLParagraphElement | null>;
  onAdd: () => void;
  path: string;
}

/**
 * *Legg til i ønskjelista*, or *På ønskjelista* as plain text once the film is there. The
 * button is never disabled (focus would fall to the page): while adding it only ignores clicks,
 * after a failure it offers *Prøv igjen* in the same place, and once the film is added focus
 * moves to the note that replaces it.
 */
function WatchListControl({ state, onList, checking, noteRef, onAdd, path }: ControlProps) {
  if (onList || state.kind === 'added') {
    return (
      <p className="fc-onlist" tabIndex={-1} ref={noteRef}>
        <span aria-hidden="true">✓ </span>På ønskjelista · <a href="/filmklubb/mi-side">Sjå ønskjelista di</a>
      </p>
    );
  }
  if (checking) return <p className="fc-onlist fc-onlist--checking">Sjekkar ønskjelista di …</p>;
  const failed = state.kind === 'failed' || state.kind === 'declined';
  return (
    <div className={failed ? 'fc-problem' : 'fc-movie__add'}>
      {state.kind === 'failed' && <p>{failureMessage(state.error, 'add-to-watch-list')}</p>}
      {state.kind === 'declined' && <p>{declinedAddMessage}</p>}
      <p className="fc-problem__actions">
        <button
          type="button"
          className={failed ? 'button button--quiet' : 'button'}
          onClick={onAdd}
          aria-disabled={state.kind === 'adding' ? true : undefined}
          aria-label={failed ? 'Prøv igjen å leggje filmen i ønskjelista' : undefined}
        >
          {failed ? 'Prøv igjen' : 'Legg til i ønskjelista'}
        </button>
        {state.kind === 'failed' && needsSignIn(state.error, 'add-to-watch-list') && (
          <a href={`/filmklubb/logg-inn?tilbake=${encodeURIComponent(path)}`}>Logg inn på nytt</a>
        )}
      </p>
    </div>
  );
}
