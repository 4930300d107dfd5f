/**
 * A ticket's two actions on Mi side: *Vis billett*, a modal view of that one ticket with its QR
 * code large on a white ground, ready for the door scanner, with film, time, hall and seats;
 * and *Legg i kalender*, a calendar file made in the browser from the ticket. The view is a
 * native modal <dialog>: focus moves into it, Escape closes it, and focus returns to the
 * button that opened it.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatTicketTime, seatsText } from '../../lib/filmclub/format';
import { qrPayload, type Ticket } from '../../lib/filmclub/model';
import { ticketCalendar, ticketCalendarFileName } from '../../lib/filmclub/ticket-calendar';
import { QrCode } from './QrCode';

export function TicketActions({ ticket, place }: { ticket: Ticket; place: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // The view's content exists only while it is open: one QR code per ticket in the page, not two.
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const film = ticket.movieTitle || 'filmen';
  const when = formatTicketTime(ticket.startTime);
  const calendar = useMemo(() => ticketCalendar(ticket, place, new Date()), [ticket, place]);
  const payload = qrPayload(ticket);

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  return (
    <>
      <p className="fc-ticket__actions">
        {payload && (
          <button type="button" className="button" ref={opener} onClick={() => setOpen(true)} aria-label={`Vis billett til «${film}», ${when}`}>
            Vis billett
          </button>
        )}
        {calendar && (
          <a
            href={`data:text/calendar;charset=utf-8,${encodeURIComponent(calendar)}`}
            download={ticketCalendarFileName(ticket)}
            aria-label={`Legg «${film}», ${when}, i kalenderen`}
          >
            Legg i kalender
          </a>
        )}
      </p>
      {payload && (
        <dialog
          className="fc-ticket-view"
          ref={dialog}
          aria-labelledby={titleId}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        >
          {open && (
            <div className="fc-ticket-view__body">
              <h2 id={titleId}>{film}</h2>
              <p className="fc-ticket-view__when">{when}</p>
              <p>
                {ticket.sal || 'Ukjend sal'} · {seatsText(ticket)}
              </p>
              <QrCode value={payload} label={`QR-kode for billetten til ${film}`} />
              {ticket.qrCode && <p className="fc-ticket__code">Billettkode: {ticket.qrCode}</p>}
              <form method="dialog">
                {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's focusing steps: the modal ticket opens on its close button */}
                <button type="submit" className="button" autoFocus>
                  Lukk
                </button>
              </form>
            </div>
          )}
        </dialog>
      )}
    </>
  );
}
