/**
 * 'Mi side': the member's tickets with QR codes, and the watch list. The tickets load alongside
 * the token switch and the watch list (lib/filmclub/actions.ts loadMyPage); each section has its
 * own loading state, failure with *Prøv igjen*, and a polite status.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { loadMyPage, loadTickets, loadWatchList } from '../../lib/filmclub/actions';
import { failureMessage, needsSignIn, sessionEndedMessages } from '../../lib/filmclub/messages';
import { qrPayload, type Ticket, type WatchItem } from '../../lib/filmclub/model';
import { choosePoster, type FilmPoster } from '../../lib/filmclub/posters';
import type { FilmclubSettings } from '../../lib/filmclub/settings';
import { $tickets, $watchList, signedOut } from '../../lib/filmclub/stores';
import { countOf, formatFetchedAt, formatTicketTime, seatsText } from '../../lib/filmclub/format';
import { readStoredTickets } from '../../lib/filmclub/ticket-storage';
import { nextShowing, programmeFilmOf, watchListTicketAttributes, type ProgrammeFilm } from '../../lib/filmclub/programme-films';
import { capitalise } from '../../lib/format/text';
import { formatShortDay, formatTime, NO_BREAK_SPACE } from '../../lib/format/time';
import { ticketLinkPrefix } from '../../lib/programme/ticket-labels';
import { TicketActions } from './TicketView';
import { QrCode } from './QrCode';
import { Status } from './Form';
import { Poster } from './Poster';
import { Problem, useRetry, type RetryState } from './Retry';
import { useFilmclubApi, useHydrated, useUser } from './use-filmclub';

const MY_PAGE = '/filmklubb/mi-side';

interface Props {
  settings: FilmclubSettings;
  posters: FilmPoster[];
  /** Where the cinema is, for the calendar files: 'Kulturhuset Kaia, Kaivegen 1, 6480 Aukra'. */
  place: string;
  /** The programme's films with their next showings on sale, for the watch list. */
  films: ProgrammeFilm[];
}

export default function MyPage({ settings, posters, place, films }: Props) {
  const api = useFilmclubApi(settings);
  const hydrated = useHydrated();
  const user = useUser();
  const tickets = useStore($tickets);
  const watchList = useStore($watchList);
  const token = user.userProfile?.token;
  const ticketsHeading = useRef<HTMLHeadingElement>(null);
  const watchHeading = useRef<HTMLHeadingElement>(null);
  const ticketsRetry = useRetry(() => loadTickets(api), ticketsHeading);
  const watchRetry = useRetry(() => loadWatchList(api), watchHeading);
  const signedOutCard = useRef<HTMLDivElement>(null);
  const wasSignedIn = useRef(false);

  useEffect(() => {
    if (token) void loadMyPage(api);
  }, [api, token]);

  // A session that ends while the page is open takes the sections (and any focus in them) away:
  // the note that says so takes the focus instead.
  useEffect(() => {
    if (token) wasSignedIn.current = true;
    else if (wasSignedIn.current) signedOutCard.current?.focus();
  }, [token]);

  // The tickets kept on this device for this member: shown while fresh ones cannot be had.
  const email = user.userProfile?.email;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- tickets.data and .error are there to re-read the device's store when a call ends
  const kept = useMemo(() => (hydrated && email ? readStoredTickets(email, new Date()) : null), [hydrated, email, tickets.data, tickets.error]);

  if (!hydrated) return <Status>Hentar Mi side …</Status>;

  if (!user.userProfile) {
    return (
      <div className="fc-card" tabIndex={-1} ref={signedOutCard}>
        <p>{user.sessionEnded ? sessionEndedMessages['my-page'] : 'Du er ikkje logga inn.'}</p>
        <p>
          <a className="button" href={`/filmklubb/logg-inn?tilbake=${MY_PAGE}`}>
            {user.sessionEnded ? 'Logg inn på nytt' : 'Logg inn'}
          </a>{' '}
          {!user.sessionEnded && <a href="/filmklubb/bli-medlem">Bli medlem</a>}
        </p>
      </div>
    );
  }

  const ticketsStatus = outcome(tickets.loading, ticketsRetry.state, tickets.error, 'Hentar billettane dine …', () =>
    tickets.data?.length ? `Billettane dine er henta: ${countOf(tickets.data.length, 'billett', 'billettar')}.` : 'Du har ingen billettar akkurat no.',
  );
  const watchStatus = outcome(watchList.loading, watchRetry.state, watchList.error, 'Hentar ønskjelista …', () =>
    watchList.items.length ? `Ønskjelista er henta: ${countOf(watchList.items.length, 'film', 'filmar')}.` : 'Ønskjelista er tom.',
  );

  return (
    <div className="fc-mypage">
      <div className="fc-mypage__who">
        <p>
          Logga inn som <strong>{user.userProfile.userName || user.userProfile.email}</strong>
        </p>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => {
            signedOut();
            window.location.assign('/filmklubb/logg-inn');
          }}
        >
          Logg ut
        </button>
      </div>

      <div className="fc-mypage__sections">
        <section className="fc-mypage__tickets" aria-labelledby="fc-tickets-title" aria-busy={tickets.loading}>
          <h2 id="fc-tickets-title" tabIndex={-1} ref={ticketsHeading}>
            Billettane dine
          </h2>
          <Status>{ticketsStatus}</Status>
          {Boolean(tickets.error) && !tickets.loading && (
            <Problem
              message={failureMessage(tickets.error, 'tickets')}
              onRetry={ticketsRetry.retry}
              retryLabel="Prøv igjen å hente billettane"
              signInPath={needsSignIn(tickets.error, 'tickets') ? MY_PAGE : undefined}
            />
          )}
          {tickets.data && tickets.data.length === 0 && !tickets.error && <p>Du har ingen billettar akkurat no.</p>}
          {!tickets.data && kept && kept.tickets.length > 0 && (tickets.loading || Boolean(tickets.error)) && (
            <p className="fc-notice">Billettane under er lagra på eininga di. Sist henta {formatFetchedAt(kept.fetchedAt)}.</p>
          )}
          {(tickets.data ?? (kept && (tickets.loading || tickets.error) ? kept.tickets : [])).length > 0 && (
            <ul className="fc-tickets">
              {(tickets.data ?? kept?.tickets ?? []).map((ticket, index) => (
                <TicketCard key={`${ticket.qrCode}-${ticket.startTime}-${index}`} ticket={ticket} posters={posters} place={place} />
              ))}
            </ul>
          )}
        </section>

        <section className="fc-mypage__watchlist" aria-labelledby="fc-watchlist-title" aria-busy={watchList.loading}>
          <h2 id="fc-watchlist-title" tabIndex={-1} ref={watchHeading}>
            Ønskjelista di
          </h2>
          <Status>{watchStatus}</Status>
          {Boolean(watchList.error) && !watchList.loading && (
            <Problem
              message={failureMessage(watchList.error, 'watch-list')}
              onRetry={watchRetry.retry}
              retryLabel="Prøv igjen å hente ønskjelista"
              signInPath={needsSignIn(watchList.error, 'watch-list') ? MY_PAGE : undefined}
            />
          )}
          {!watchList.loading && !watchList.error && watchList.requested && watchList.items.length === 0 && (
            <p>Ønskjelista er tom. Legg til filmar frå filmsidene.</p>
          )}
          {watchList.items.length > 0 && (
            <ul className="fc-watchlist">
              {watchList.items.map((item) => (
                <WatchListItem key={item.movieId} item={item} posters={posters} films={films} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** What a section's polite status says: loading, or after a retry how it went. */
function outcome(loading: boolean, retry: RetryState, error: unknown, loadingText: string, success: () => string): string {
  if (loading) return loadingText;
  if (retry !== 'done') return '';
  return error ? 'Det gjekk ikkje denne gongen heller.' : success();
}

function TicketCard({ ticket, posters, place }: { ticket: Ticket; posters: FilmPoster[]; place: string }) {
  return (
    <li className="fc-ticket">
      <div className="fc-ticket__poster">
        <Poster choice={choosePoster({ title: ticket.movieTitle, picture: ticket.image }, posters)} />
      </div>
      <h3 className="fc-ticket__title">{ticket.movieTitle || 'Film'}</h3>
      <div className="fc-ticket__details">
        <dl>
          <dt>Tid</dt>
          <dd>{formatTicketTime(ticket.startTime)}</dd>
          <dt>Sal</dt>
          <dd>{ticket.sal || 'Ukjend sal'}</dd>
          <dt>Plassar</dt>
          <dd>{seatsText(ticket)}</dd>
          {ticket.notes && (
            <>
              <dt>Merknad</dt>
              <dd>{ticket.notes}</dd>
            </>
          )}
        </dl>
        {ticket.qrCode && <p className="fc-ticket__code">Billettkode: {ticket.qrCode}</p>}
        <TicketActions ticket={ticket} place={place} />
      </div>
      {qrPayload(ticket) && <QrCode value={qrPayload(ticket)} label={`QR-kode for billetten til ${ticket.movieTitle || 'filmen'}`} />}
    </li>
  );
}

/**
 * A film on the watch list: its page on the site (else the partner's), and its next showing
 * with a ticket link named like every ticket link, or that it is not on the programme now.
 */
function WatchListItem({ item, posters, films }: { item: WatchItem; posters: FilmPoster[]; films: ProgrammeFilm[] }) {
  const film = programmeFilmOf(item, films);
  const next = film ? nextShowing(film, new Date()) : null;
  const title = item.title || film?.title || 'Film';
  const page = film?.path ?? item.link;
  return (
    <li className="fc-watchitem">
      <div className="fc-watchitem__poster">
        <Poster choice={choosePoster({ edis: item.edis, title: item.title, picture: item.poster }, posters)} className="fc-poster fc-poster--small" />
      </div>
      <div>
        <p className="fc-watchitem__title">{page ? <a href={page}>{title}</a> : title}</p>
        {film && next ? (
          <p className="fc-watchitem__next">
            Neste vising:{' '}
            <a href={next.ticketUrl} {...watchListTicketAttributes(film)}>
              <span className="visually-hidden">{ticketLinkPrefix(title, formatShortDay(next.start))}</span>
              <span aria-hidden="true">
                {capitalise(formatShortDay(next.start))} kl.{NO_BREAK_SPACE}
              </span>
              {formatTime(next.start)}
            </a>
          </p>
        ) : (
          <p className="fc-watchitem__next">Ikkje på programmet no</p>
        )}
      </div>
    </li>
  );
}
