/** 'Mi side': the member's tickets with QR codes, and the watch list. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { loadTickets, loadWatchList } from '../../lib/filmclub/actions';
import { failureMessage } from '../../lib/filmclub/messages';
import { qrPayload, type Ticket } from '../../lib/filmclub/model';
import type { FilmclubSettings } from '../../lib/filmclub/settings';
import { $tickets, $watchList, signedOut } from '../../lib/filmclub/stores';
import { formatTicketTime, seatsText } from '../../lib/filmclub/format';
import { QrCode } from './QrCode';
import { Status } from './Form';
import { useFilmclubApi, useUser } from './use-filmclub';

export default function MyPage({ settings }: { settings: FilmclubSettings }) {
  const api = useFilmclubApi(settings);
  const user = useUser();
  const tickets = useStore($tickets);
  const watchList = useStore($watchList);
  const token = user.userProfile?.token;

  useEffect(() => {
    if (!token) return;
    // The token switch before the watch list also renews the session the tickets need.
    void loadWatchList(api).then(() => loadTickets(api));
  }, [token]);

  if (!user.userProfile) {
    return (
      <div className="fc-card">
        <p>Du er ikkje logga inn.</p>
        <p>
          <a className="button" href="/filmklubb/logg-inn?tilbake=/filmklubb/mi-side">
            Logg inn
          </a>{' '}
          <a href="/filmklubb/bli-medlem">Bli medlem</a>
        </p>
      </div>
    );
  }

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

      <section aria-labelledby="fc-tickets-title">
        <h2 id="fc-tickets-title">Billettane dine</h2>
        <Status>{tickets.loading ? 'Hentar billettane dine …' : ''}</Status>
        {Boolean(tickets.error) && <p className="fc-problem">{failureMessage(tickets.error, 'tickets')}</p>}
        {tickets.data && tickets.data.length === 0 && <p>Du har ingen billettar akkurat no.</p>}
        {tickets.data && tickets.data.length > 0 && (
          <ul className="fc-tickets">
            {tickets.data.map((ticket) => (
              <TicketCard key={`${ticket.qrCode}-${ticket.startTime}`} ticket={ticket} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="fc-watchlist-title">
        <h2 id="fc-watchlist-title">Ønskjelista di</h2>
        <Status>{watchList.loading ? 'Hentar ønskjelista …' : ''}</Status>
        {Boolean(watchList.error) && <p className="fc-problem">{failureMessage(watchList.error, 'watch-list')}</p>}
        {!watchList.loading && !watchList.error && watchList.requested && watchList.items.length === 0 && (
          <p>Ønskjelista er tom. Legg til filmar frå filmsidene.</p>
        )}
        {watchList.items.length > 0 && (
          <ul className="fc-watchlist">
            {watchList.items.map((item) => (
              <li key={item.movieId}>{item.link ? <a href={item.link}>{item.title}</a> : item.title}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function TicketCard({ ticket }: { ticket: Ticket }) {
  return (
    <li className="fc-ticket">
      <div className="fc-ticket__text">
        <h3>{ticket.movieTitle}</h3>
        <dl>
          <dt>Tid</dt>
          <dd>{formatTicketTime(ticket.startTime)}</dd>
          <dt>Sal</dt>
          <dd>{ticket.sal}</dd>
          <dt>Plassar</dt>
          <dd>{seatsText(ticket)}</dd>
          {ticket.notes && (
            <>
              <dt>Merknad</dt>
              <dd>{ticket.notes}</dd>
            </>
          )}
        </dl>
        <p className="fc-ticket__code">Billettkode: {ticket.qrCode}</p>
      </div>
      {qrPayload(ticket) && <QrCode value={qrPayload(ticket)} label={`QR-kode for billetten til ${ticket.movieTitle}`} />}
    </li>
  );
}
