/**
 * Calendar files: one per production with upcoming showtimes (/kalender/{page reference}.ics) and
 * the two subscribable programme feeds (/kalender/kino.ics, /kalender/kultur.ics). See src/lib/calendar/ics.ts.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { calendarContext, calendarFileName, feedCalendar, productionCalendar } from '../../lib/calendar/ics';
import { siteContent } from '../../lib/pages/site-content';
import { siteBuild } from '../../lib/pages/site-routes';
import { upcomingShowings } from '../../lib/programme/programme';
import { CALENDAR_FEEDS } from '../../lib/site/feeds';

export const getStaticPaths = (async () => {
  const content = await siteContent();
  const { now } = await siteBuild();
  const context = calendarContext(content, now);
  const showings = upcomingShowings(content.events, content.productions, now);
  const files = new Map<string, string>();
  for (const [kind, feed] of Object.entries(CALENDAR_FEEDS) as [keyof typeof CALENDAR_FEEDS, (typeof CALENDAR_FEEDS)[keyof typeof CALENDAR_FEEDS]][]) {
    const object = kind === 'film' ? 'movie' : 'culture';
    files.set(
      feed.name,
      feedCalendar(
        kind,
        showings.filter((showing) => showing.event.object === object),
        context,
      ),
    );
  }
  // In order of their first showing; each production's showings in time order (Map.groupBy needs Node 21).
  const byProduction = new Map<string, typeof showings>();
  for (const showing of showings) {
    const list = byProduction.get(showing.production.pageReference);
    if (list) list.push(showing);
    else byProduction.set(showing.production.pageReference, [showing]);
  }
  for (const [pageReference, ofProduction] of byProduction) {
    const name = calendarFileName({ pageReference });
    if (files.has(name)) throw new Error(`Two calendar files would be /kalender/${name}.ics (production ${pageReference})`);
    files.set(name, productionCalendar(ofProduction, context));
  }
  return [...files].map(([file, body]) => ({ params: { file }, props: { body } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response((props as { body: string }).body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
