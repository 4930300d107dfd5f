/**
 * The film club on a film page: the partner's movie info (rating, count, link), the reviews
 * (up to 20) and 'Legg til i ønskjelista'. Hydrates when scrolled into view.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { addToWatchList, loadMovieInfo, loadReviews } from '../../lib/filmclub/actions';
import { formatRating, formatReviewDate } from '../../lib/filmclub/format';
import { failureMessage } from '../../lib/filmclub/messages';
import type { FilmclubSettings } from '../../lib/filmclub/settings';
import { $movieInfo, $reviews, $watchList } from '../../lib/filmclub/stores';
import { Status } from './Form';
import { useFilmclubApi, useUser } from './use-filmclub';

interface Props {
  settings: FilmclubSettings;
  ediNumber: string;
  title: string;
  /** Path of this film page, to come back to after signing in. */
  path: string;
}

type AddState = 'idle' | 'adding' | 'added' | 'failed';

export default function FilmClubPanel({ settings, ediNumber, title, path }: Props) {
  const api = useFilmclubApi(settings);
  const user = useUser();
  const info = useStore($movieInfo);
  const reviews = useStore($reviews);
  const watchList = useStore($watchList);
  const [add, setAdd] = useState<AddState>('idle');

  useEffect(() => {
    void loadMovieInfo(api, ediNumber);
    void loadReviews(api, ediNumber);
  }, [ediNumber]);

  const movie = info.data;
  const onList = movie ? watchList.items.some((item) => item.movieId === movie.movieId) : false;

  async function addMovie() {
    if (!movie) return;
    setAdd('adding');
    const added = await addToWatchList(api, { movieId: movie.movieId, title: movie.title, edis: movie.edis, poster: movie.poster, link: movie.link });
    setAdd(added ? 'added' : 'failed');
  }

  return (
    <section className="fc-panel" aria-labelledby="fc-panel-title">
      <h2 id="fc-panel-title">Filmklubben om «{title}»</h2>
      {info.loading && <Status>Hentar informasjon frå filmklubben …</Status>}
      {!info.loading && !movie && <p className="fc-problem">Informasjon frå filmklubben er ikkje tilgjengeleg akkurat no.</p>}
      {movie && (
        <div className="fc-movie">
          {movie.rating !== null ? (
            <p className="fc-movie__rating">
              <strong>{formatRating(movie.rating)}</strong> ({movie.ratingCount} {movie.ratingCount === 1 ? 'vurdering' : 'vurderingar'})
            </p>
          ) : (
            <p>Ingen vurderingar enno.</p>
          )}
          {movie.link && (
            <p>
              <a href={movie.link}>Sjå «{movie.title}» hos filmklubben</a>
            </p>
          )}
          {user.userProfile ? (
            <p className="fc-movie__add">
              <button type="button" className="button" onClick={addMovie} disabled={add === 'adding' || onList || add === 'added'}>
                {onList || add === 'added' ? 'På ønskjelista' : 'Legg til i ønskjelista'}
              </button>
            </p>
          ) : (
            <p>
              <a href={`/filmklubb/logg-inn?tilbake=${encodeURIComponent(path)}`}>Logg inn</a> for å leggje filmen i ønskjelista di.
            </p>
          )}
          <Status>
            {add === 'adding'
              ? 'Legg til …'
              : add === 'added'
                ? `«${movie.title}» er lagd i ønskjelista di.`
                : add === 'failed'
                  ? 'Vi fekk ikkje lagt filmen i ønskjelista. Prøv igjen om litt.'
                  : ''}
          </Status>
        </div>
      )}

      <h3>Kva seier medlemene?</h3>
      {reviews.loading && <Status>Hentar omtalar …</Status>}
      {Boolean(reviews.error) && <p className="fc-problem">{failureMessage(reviews.error, 'reviews')}</p>}
      {reviews.data && reviews.data.length === 0 && <p>Ingen har skrive om filmen enno.</p>}
      {reviews.data && reviews.data.length > 0 && (
        <ul className="fc-reviews">
          {reviews.data.slice(0, 20).map((review) => (
            <li key={review.id} className="fc-review">
              <p className="fc-review__head">
                <strong>{review.userName || 'Anonym'}</strong>
                {review.rating !== null && <span> · {formatRating(review.rating)}</span>}
                {review.addedAt && <span> · {formatReviewDate(review.addedAt)}</span>}
              </p>
              <p>{review.comment}</p>
              <p className="fc-review__likes">
                {review.likesCount} likar dette
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
