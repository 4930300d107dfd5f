/**
 * The demo content as the browser tests read it (productions and events with what they use), the
 * events still to come at the test clock, and consent answered before a page loads, so the
 * question does not push the page down.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CONSENT_KEY, serialiseConsent } from '../../src/lib/analytics/consent';
import { FIXED_NOW } from './clock';

export interface DemoProduction {
  object: 'movie' | 'culture';
  pageReference: string;
  title: string;
  features: { trailerYoutubeId?: string };
}
export interface DemoEvent {
  startTime: string;
  production: { pageReference?: string };
}

export const demoProductions = JSON.parse(readFileSync('content/productions.json', 'utf8')) as DemoProduction[];
export const demoEvents = JSON.parse(readFileSync('content/events.json', 'utf8')) as DemoEvent[];
export const upcomingEvents = demoEvents.filter((event) => Date.parse(event.startTime) > Date.parse(FIXED_NOW));

/** Whether a production has a showing still to come. */
export const hasShows = (production: DemoProduction) => upcomingEvents.some((event) => event.production.pageReference === production.pageReference);

/** A film on show that has a trailer, and a culture event on show. */
export const filmWithTrailer = demoProductions.find(
  (production) => production.object === 'movie' && production.features.trailerYoutubeId && hasShows(production),
)!;
export const cultureOnShow = demoProductions.find((production) => production.object === 'culture' && hasShows(production))!;

/** Stores a 'berre nødvendige' answer before the page's scripts run. */
export async function answerConsent(page: Page): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [CONSENT_KEY, serialiseConsent('denied', new Date(FIXED_NOW))] as const);
}
