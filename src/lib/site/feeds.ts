/** Where the site's feeds live, for the <head> links, the pages that show them and the endpoints. */

export interface FeedLink {
  href: string;
  title: string;
}

/** The news feed: the page it belongs to and where the feed lives. */
export const NEWS_FEED = {
  page: '/aktuelt',
  path: '/aktuelt/rss.xml',
  title: (siteTitle: string) => `${siteTitle}: Aktuelt`,
} as const;

/** The subscribable calendars of the two programmes (src/lib/calendar/ics.ts). */
export const CALENDAR_FEEDS = {
  film: { path: '/kalender/kino.ics', name: 'kino', title: (siteTitle: string) => `${siteTitle}: Kinoprogram` },
  culture: { path: '/kalender/kultur.ics', name: 'kultur', title: (siteTitle: string) => `${siteTitle}: Kulturprogram` },
} as const;
