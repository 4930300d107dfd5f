/**
 * What the banner on every page of a draft preview says (src/components/site/PreviewBanner.astro):
 * that the page is not published, when the drafts were fetched, and the way back to the status
 * page. Staff must never mistake a preview for the live site.
 */
import type { PreviewBuild } from '../config/build-env';
import { formatClock, formatDayName, osloDay } from '../format/time';

export interface PreviewBannerView {
  readonly heading: string;
  /** 'Utkast henta frå CMS-et tysdag 24. november kl. 14.05.' */
  readonly draftText: string;
  /** ISO 8601, for the <time> element. */
  readonly draftAt: string;
  readonly statusUrl: string;
  readonly statusText: string;
}

export const PREVIEW_HEADING = 'Førehandsvising – ikkje publisert';

export function previewBannerView(preview: PreviewBuild): PreviewBannerView {
  return {
    heading: PREVIEW_HEADING,
    draftText: `${formatDayName(osloDay(preview.draftAt))} ${formatClock(preview.draftAt)}`,
    draftAt: preview.draftAt.toISOString(),
    statusUrl: preview.statusUrl,
    statusText: 'Til publiseringssida',
  };
}
