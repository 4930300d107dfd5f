/**
 * What a build must stay within, checked by `npm run bench:import` on the demo and the large
 * dataset (issue 36): the files of a CDN upload (Cloudflare Pages allows 20,000; the goal leaves
 * room for the site to grow) and the precache headroom, the KiB left under PRECACHE_BUDGET, so the
 * next page type does not push pages out of offline use without anyone noticing.
 */
import { PRECACHE_BUDGET } from '../offline/worker-rules';

export const BUILD_GOALS = {
  /** Files of a CDN upload of the large dataset (14,665 when every showing had its own .ics). */
  cdnUploadFiles: 8_000,
  /**
   * KiB the demo precache keeps free under the budget: at most 1,850 of the 2,048 KiB, so the next
   * page type finds room (issue 36). bench:import and offline.spec.ts hold it.
   */
  precacheHeadroomKiB: 198,
} as const;

export interface BuildFigures {
  cdnUploadFiles: number;
  /** Bytes of the precache as stored. */
  precacheBytes: number;
}

/** KiB left under the precache budget (negative when over it). */
export function precacheHeadroomKiB(precacheBytes: number, budget = PRECACHE_BUDGET): number {
  return Math.floor((budget - precacheBytes) / 1024);
}

/** What breaks the goals, in words; empty when the build is within them. */
export function buildGoalProblems(figures: BuildFigures, goals: { cdnUploadFiles: number; precacheHeadroomKiB: number } = BUILD_GOALS): string[] {
  const problems: string[] = [];
  if (figures.cdnUploadFiles > goals.cdnUploadFiles) problems.push(`${figures.cdnUploadFiles} files in a CDN upload, over the goal of ${goals.cdnUploadFiles}`);
  const headroom = precacheHeadroomKiB(figures.precacheBytes);
  if (headroom < goals.precacheHeadroomKiB)
    problems.push(`${headroom} KiB left under the precache budget, under the floor of ${goals.precacheHeadroomKiB} KiB`);
  return problems;
}
