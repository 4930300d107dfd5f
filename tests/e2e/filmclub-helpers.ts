/** Talking to the film-club sandbox from browser tests: its admin endpoints and the demo member. */
import { expect, type Page } from '@playwright/test';
import { FILMCLUB_TIMEOUT_MS } from '../../src/lib/filmclub/api';
import { e2ePorts } from '../../scripts/script-env.mjs';

const ports = e2ePorts();
export const partnerUrl = (partner: 118 | 178 = 118) => `http://127.0.0.1:${partner === 118 ? ports.filmclub118 : ports.filmclub178}`;

export const demoMember = { email: 'medlem@kulturhuset-kaia.example', password: 'Kinokveld2026', name: 'Kari Nordvik' };

export type Fault = { kind: 'status'; status: number } | { kind: 'html' } | { kind: 'slow'; delayMs: number } | { kind: 'down' };

async function admin(path: string, body?: unknown, partner: 118 | 178 = 118): Promise<unknown> {
  const response = await fetch(`${partnerUrl(partner)}/__sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status}`);
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

export const setFault = (fault: Fault | null, path?: string, partner: 118 | 178 = 118) => admin('fault', { fault, ...(path ? { path } : {}) }, partner);
/** Answers records (reviews, tickets, movie info, watch list; or one route) capitalised or in camelCase. */
export const setShape = (shape: 'camelCase' | 'capitalised' | null, path?: string, partner: 118 | 178 = 118) =>
  admin('shape', { shape, ...(path ? { path } : {}) }, partner);
export const resetSandbox = (partner: 118 | 178 = 118) => admin('reset', {}, partner);
export const outbox = async (partner: 118 | 178 = 118) => (await admin('outbox', undefined, partner)) as { email: string }[];
export const partnerRequests = async (partner: 118 | 178 = 118) =>
  (await admin('requests', undefined, partner)) as { method: string; path: string; headers: Record<string, string> }[];

/** A fresh member's details, unique per call. */
export function newMember(tag: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Testar ${tag}`, email: `testar-${tag}-${id}@kulturhuset-kaia.example`, password: `Passord-${id}` };
}

/** Signs a fresh member up through the site's form; the site lands on Mi side, signed in. */
export async function signUp(page: Page, tag: string) {
  const member = newMember(tag);
  await page.goto('/filmklubb/bli-medlem');
  await page.getByLabel('Namn').fill(member.name);
  await page.getByLabel('E-postadresse').fill(member.email);
  await page.getByLabel('Vel passord').fill(member.password);
  await page.getByRole('button', { name: 'Bli medlem' }).click();
  await expect(page).toHaveURL(/\/filmklubb\/mi-side$/, { timeout: 15_000 });
  return member;
}

/**
 * Lets the site's wait for a partner that does not answer run out: `send` makes the page call
 * `route`; once the call has left (its time-out is set just before), the page's clock
 * (fixtures.ts) is run on by FILMCLUB_TIMEOUT_MS rather than waited for in real time.
 */
export async function outwaitPartner(page: Page, route: string, send: () => Promise<void>) {
  const sent = page.waitForRequest((request) => request.method() !== 'OPTIONS' && new URL(request.url()).pathname === `/${route}`);
  await send();
  await sent;
  await page.clock.runFor(FILMCLUB_TIMEOUT_MS);
}
