/**
 * The journeys visitors depend on, written once for every engine (engine.ts). Elements are
 * found by their role, label or text in the page, as the Playwright specs in tests/e2e do.
 */
import { CONSENT_KEY } from '../../src/lib/analytics/consent';
import { waitFor, waitForUrl, type EnginePage } from './engine';

export interface Journey {
  name: string;
  width: number;
  height: number;
  /** Talks to the sandboxes before the journey (their admin endpoints). */
  run(page: EnginePage, sandbox: { filmclub118: string }): Promise<void>;
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const FILM = '/naustet-q9y74';
const CONSENT_QUESTION = 'Informasjonskapslar og statistikk';

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Islands that hydrate on load or when idle have hydrated (Astro drops their ssr attribute). */
const hydrated = (page: EnginePage) =>
  waitFor(page, 'the islands to hydrate', () => document.readyState === 'complete' && !document.querySelector('astro-island[ssr]:not([client="visible"])'));

/** Is the consent question on screen? */
const consentShown = (page: EnginePage) =>
  page.evaluate((question: string) => {
    const dialogs = [...document.querySelectorAll('dialog, [role="dialog"]')];
    return dialogs.some((dialog) => dialog.textContent.includes(question) && (dialog as HTMLElement).checkVisibility());
  }, CONSENT_QUESTION);

/** Focuses the element `selector` matches whose text is `text` (as a script would, then the keyboard acts). */
async function focusByText(page: EnginePage, selector: string, text: string): Promise<void> {
  const found = await page.evaluate(
    (sel: string, wanted: string) => {
      const element = [...document.querySelectorAll<HTMLElement>(sel)].find((candidate) => candidate.textContent.trim() === wanted);
      element?.focus();
      return element !== undefined && document.activeElement === element;
    },
    selector,
    text,
  );
  check(found, `${page.engine}: no focusable ${selector} with the text "${text}"`);
}

/** Presses Tab until the focused element matches `selector` (and has `text`, if given). */
async function tabTo(page: EnginePage, selector: string, text: string | null, limit: number): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.press('Tab');
    const there = await page.evaluate(
      (sel: string, wanted: string | null) => {
        const active = document.activeElement;
        return !!active && active.matches(sel) && (wanted === null || active.textContent.trim() === wanted);
      },
      selector,
      text,
    );
    if (there) return;
  }
  throw new Error(`${page.engine}: Tab never reached ${selector}${text ? ` "${text}"` : ''} in ${limit} presses`);
}

const FILTERS = 'nav[aria-label="Filtrer kinoprogrammet"]';
const filterStatus = (page: EnginePage) => page.evaluate((nav: string) => document.querySelector(`${nav} [role="status"]`)?.textContent?.trim() ?? '', FILTERS);
const waitForStatus = (page: EnginePage, what: string, test: (text: string) => boolean) =>
  (async () => {
    const deadline = Date.now() + 10_000;
    let text = '';
    while (!test((text = await filterStatus(page)))) {
      check(Date.now() < deadline, `${page.engine}: the filter count never showed ${what} (it says "${text}")`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return text;
  })();
const current = (page: EnginePage, name: string) =>
  page.evaluate(
    (nav: string, wanted: string) => [...document.querySelectorAll(`${nav} a[aria-current="true"]`)].some((link) => link.textContent.trim() === wanted),
    FILTERS,
    name,
  );

export const JOURNEYS: Journey[] = [
  // Phone widths first: a WebKitGTK window made narrower than its first size can lose focus.
  {
    name: 'the phone menu opens with Enter and closes with Escape',
    ...PHONE,
    async run(page) {
      await page.open('/');
      await hydrated(page);
      await tabTo(page, 'button[aria-expanded]', 'Meny', 30);
      await page.press('Enter');
      await waitFor(page, 'the menu to open', () => document.activeElement?.getAttribute('aria-expanded') === 'true');
      const visible = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('nav[aria-label="Hovudmeny"] a')].some(
          (link) => link.textContent.trim() === 'Kulturprogram' && link.checkVisibility(),
        ),
      );
      check(visible, `${page.engine}: the open menu does not show Kulturprogram`);
      await page.press('Escape');
      await waitFor(page, 'the menu to close with focus on its button', () => {
        const active = document.activeElement;
        return active?.getAttribute('aria-expanded') === 'false' && active.textContent.trim() === 'Meny';
      });
    },
  },
  {
    name: 'no page scrolls sideways at 390 px',
    ...PHONE,
    async run(page) {
      const wide: string[] = [];
      for (const path of ['/', '/kinoprogram', '/kulturprogram', FILM, '/search?q=basseng', '/filmklubb/logg-inn']) {
        await page.open(path);
        await hydrated(page);
        const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        if (scroll > client) wide.push(`${path}: ${scroll} px wide in ${client} px`);
      }
      check(wide.length === 0, `${page.engine}: ${wide.join('; ')}`);
    },
  },
  {
    name: 'the consent question answered by keyboard, and the answer kept',
    ...DESKTOP,
    async run(page) {
      await page.open('/kinoprogram');
      await hydrated(page);
      check(await consentShown(page), `${page.engine}: the consent question is not shown on a first visit`);
      await tabTo(page, 'button', 'Berre nødvendige', 8);
      await page.press('Enter');
      await waitFor(page, 'the consent question to close', () => !document.querySelector('dialog[open], [role="dialog"]:not([hidden])')?.checkVisibility());
      const stored = await page.evaluate((key: string) => localStorage.getItem(key), CONSENT_KEY);
      check(stored?.includes('denied'), `${page.engine}: the answer was not stored (${stored})`);
      await page.reload();
      await hydrated(page);
      check(!(await consentShown(page)), `${page.engine}: the consent question is asked again after a reload`);
    },
  },
  {
    name: 'the programme filters and the date picker by keyboard, and Back restoring them',
    ...DESKTOP,
    async run(page) {
      await page.open('/kinoprogram');
      await hydrated(page);
      const all = await waitForStatus(page, 'a count', (text) => text !== '');
      await focusByText(page, `${FILTERS} a`, 'Drama');
      await page.press('Enter');
      await waitForUrl(page, /\/kinoprogram\?sjanger=drama$/);
      const drama = await waitForStatus(page, 'the drama count', (text) => text !== all);
      check(await current(page, 'Drama'), `${page.engine}: Drama is not marked as chosen`);

      await focusByText(page, `${FILTERS} summary`, 'Vel dato');
      await page.press('Enter');
      await waitFor(page, 'the date picker to open', (nav: string) => document.querySelector<HTMLDetailsElement>(`${nav} details.date-picker`)?.open, FILTERS);
      // The picker's last day on this page (later days open their own pages).
      const day = await page.evaluate((nav: string) => {
        const until = document.querySelector<HTMLElement>(nav)!.dataset.until ?? '9999';
        const links = [...document.querySelectorAll<HTMLAnchorElement>(`${nav} details.date-picker a[data-value]`)].filter(
          (link) => link.checkVisibility() && link.dataset.value! <= until,
        );
        const last = links.at(-1);
        last?.focus();
        return last?.dataset.value ?? null;
      }, FILTERS);
      check(day, `${page.engine}: the date picker lists no day`);
      await page.press('Enter');
      await waitForUrl(page, new RegExp(`\\?dag=${day}&sjanger=drama$`));
      await waitForStatus(page, 'the count of that day', (text) => text !== drama);

      await page.back();
      await waitForUrl(page, /\/kinoprogram\?sjanger=drama$/);
      await waitForStatus(page, 'the drama count again', (text) => text === drama);
      check(await current(page, 'Drama'), `${page.engine}: after Back, Drama is not marked as chosen`);
      await page.back();
      await waitForUrl(page, /\/kinoprogram$/);
      await waitForStatus(page, 'the whole programme’s count again', (text) => text === all);
    },
  },
  {
    name: 'search from the header to a result',
    ...DESKTOP,
    async run(page) {
      await page.open('/');
      await hydrated(page);
      await tabTo(page, 'header [role="search"] input, header search input', null, 40);
      await page.type('basseng');
      await page.press('Enter');
      await waitForUrl(page, /\/search\?q=basseng$/);
      await hydrated(page);
      const results = 'section[aria-labelledby="sok-treff"] a';
      await waitFor(page, 'a search result', (sel: string) => document.querySelector(sel) !== null, results);
      const href = await page.evaluate((sel: string) => {
        const link = document.querySelector<HTMLAnchorElement>(sel)!;
        link.focus();
        return link.href;
      }, results);
      await page.press('Enter');
      await waitForUrl(page, new RegExp(`^${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/$/, '')}/?$`));
    },
  },
  {
    name: 'film-club sign-in to Mi side, and a watch-list add',
    ...DESKTOP,
    async run(page, sandbox) {
      // A fresh member of the partner (the sandbox keeps accounts and watch lists for its run).
      const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const member = { email: `motor-${page.engine}-${id}@kulturhuset-kaia.example`, password: `Passord-${id}`, userName: `Testar ${page.engine}` };
      const signup = await fetch(`${sandbox.filmclub118}/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(member),
      });
      check(signup.ok, `the film-club sandbox did not sign up a member (${signup.status})`);
      await page.open('/filmklubb/logg-inn');
      await hydrated(page);
      await page.evaluate(() => document.querySelector<HTMLInputElement>('input[type="email"]')!.focus());
      await page.type(member.email);
      await page.press('Tab');
      check(
        await page.evaluate(() => document.activeElement?.matches('input[type="password"]')),
        `${page.engine}: Tab from the e-mail field does not reach the password`,
      );
      await page.type(member.password);
      await page.press('Enter');
      await waitForUrl(page, /\/filmklubb\/mi-side$/);
      await waitFor(page, 'Mi side to greet the member', (name: string) => document.querySelector('main')!.textContent.includes(name), member.userName);

      await page.goto(FILM);
      await waitFor(page, 'the film-club panel', () => {
        document.querySelector('[data-movie-info]')?.scrollIntoView();
        return [...document.querySelectorAll('[data-movie-info] button')].some((button) => button.textContent.trim() === 'Legg til i ønskjelista');
      });
      await focusByText(page, '[data-movie-info] button', 'Legg til i ønskjelista');
      await page.press('Enter');
      await waitFor(page, 'the watch list to say the film is on it', () =>
        [...document.querySelectorAll('[data-movie-info] [role="status"]')].some((status) => status.textContent.includes('er lagd i ønskjelista di')),
      );
      await page.goto('/filmklubb/mi-side');
      await waitFor(page, 'the film on Mi side’s watch list', () => document.querySelector('.fc-watchlist')?.textContent?.includes('Naustet'));
    },
  },
  {
    name: 'islands hydrate with no console errors or CSP reports',
    ...DESKTOP,
    async run(page) {
      const problems: string[] = [];
      for (const path of ['/', '/kinoprogram', '/kulturprogram', FILM, '/search?q=basseng', '/filmklubb/logg-inn']) {
        await page.open(path);
        await hydrated(page);
        // Islands that wait to be scrolled to, too.
        await page.evaluate(() => document.querySelectorAll('astro-island[client="visible"]').forEach((island) => island.scrollIntoView()));
        await waitFor(page, `every island of ${path} to hydrate`, () => !document.querySelector('astro-island[ssr]'));
        // The search has fetched its index (leaving earlier would abort the fetch, which Firefox reports).
        if (path.startsWith('/search')) await waitFor(page, 'search results', () => document.querySelector('section[aria-labelledby="sok-treff"] a') !== null);
        for (const problem of await page.problems()) problems.push(`${path}: ${problem}`);
      }
      check(problems.length === 0, `${page.engine}: ${problems.join('\n')}`);
    },
  },
];
