/**
 * What visitors type into /search on the demo site, and the page each must bring back: first,
 * or among the first three where several pages answer the question fairly. The table was
 * written before the ranking was tuned (issue 25) and holds the search to it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface Row {
  query: string;
  /** This page must be the first result. */
  first?: string;
  /** Each of these pages must be among the first three results. */
  top3?: string[];
  /** Nothing may be found. */
  none?: true;
}

const table: Row[] = [
  // Films, by whole title, by a title begun, and by who made them.
  { query: 'Alt vi ikkje sa', first: '/alt-vi-ikkje-sa-qy4zf' },
  { query: 'Naustet', first: '/naustet-q9y74' },
  { query: 'alt vi', first: '/alt-vi-ikkje-sa-qy4zf' },
  { query: 'Mira og måne', first: '/mira-og-manemaskina-a35nz' },
  { query: 'den sjuande', first: '/den-sjuande-passasjeren-ih8ix' },
  { query: 'Ferda til Fyrholmen', first: '/ferda-til-fyrholmen-yz1do' },
  { query: 'Signe Holmgaard', first: '/alt-vi-ikkje-sa-qy4zf' },
  // Culture events, whole and begun.
  { query: 'Saltvatn i konsert', first: '/saltvatn-i-konsert-gg45j' },
  { query: 'Huset ved sundet', first: '/huset-ved-sundet-23deo' },
  { query: 'nyttårskonsert', first: '/nyttarskonsert-med-kaiaorkesteret-6hin0' },
  { query: 'Reven som', first: '/reven-som-ville-sja-havet-6i12p' },
  { query: 'Tidvatn', first: '/tidvatn-al22l' },
  // Opening hours, in nynorsk and in bokmål.
  { query: 'opningstider', top3: ['/bassenget', '/biblioteket'] },
  { query: 'åpningstider', top3: ['/bassenget', '/biblioteket'] },
  { query: 'opningstider biblioteket', first: '/biblioteket' },
  // Renting a room.
  { query: 'leige', first: '/utleige' },
  { query: 'leie', first: '/utleige' },
  { query: 'leige møterom', top3: ['/utleige'] },
  // Gift cards and tickets.
  { query: 'gåvekort', first: '/gavekort' },
  { query: 'gavekort', first: '/gavekort' },
  { query: 'billettar', top3: ['/billettinformasjon'] },
  // The pool and its courses, the library, contact.
  { query: 'symjekurs', first: '/article/symjekurs-for-born' },
  { query: 'svømming', top3: ['/bassenget'] },
  { query: 'babysymjing', top3: ['/article/babysvomming'] },
  { query: 'biblioteket', first: '/biblioteket' },
  { query: 'parkering', top3: ['/kontakt'] },
  { query: 'Soltun scene', first: '/soltun-scene' },
  // What people mean (issue 37): the pages' own search words, in bokmål and nynorsk.
  { query: 'kino', top3: ['/kinoprogram'] },
  { query: 'kinoprogram', first: '/kinoprogram' },
  { query: 'kulturprogram', first: '/kulturprogram' },
  { query: 'lokale', first: '/utleige' },
  { query: 'leie lokale', first: '/utleige' },
  { query: 'symjehall', first: '/bassenget' },
  { query: 'svømmehall', first: '/bassenget' },
  { query: 'nyhetsbrev', top3: ['/kontakt'] },
  { query: 'kafe', top3: ['/feskarn'] },
  { query: 'kaffi', top3: ['/feskarn'] },
  { query: 'ungdomsklubben', top3: ['/ung-i-aukra'] },
  { query: 'bibliotek', first: '/biblioteket' },
  // Nothing on the site.
  { query: 'xylofonverkstad', none: true },
];

const field = (page: Page) => page.locator('#sok-q');
const status = (page: Page) => page.locator('#sok-status');

/** The result links' paths, in order, once the search for `query` has answered. */
async function resultPaths(page: Page, query: string): Promise<string[]> {
  await expect(field(page)).toHaveValue(query);
  await expect(status(page)).toContainText(`«${query}»`);
  return page.locator('.search-result h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/**
 * The table in three parts, each on one page: its first query from the address (a link to
 * /search?q=…), the rest typed into the field, as a visitor searching again would. One page per
 * part spares loading the search and its index 42 times.
 */
const PARTS = 3;
for (let part = 0; part < PARTS; part += 1) {
  const rows = table.filter((_, index) => index % PARTS === part);
  test(`the queries visitors type find their pages, part ${part + 1} of ${PARTS}: ${rows.map((row) => `«${row.query}»`).join(', ')}`, async ({ page }) => {
    for (const [index, row] of rows.entries()) {
      await test.step(`«${row.query}»`, async () => {
        if (index === 0) await page.goto(`/search?q=${encodeURIComponent(row.query)}`);
        else await field(page).fill(row.query);
        const paths = await resultPaths(page, row.query);
        const shown = `«${row.query}»: ${paths.slice(0, 5).join(', ')}`;
        if (row.none) {
          expect.soft(paths, shown).toEqual([]);
          await expect.soft(status(page)).toHaveText(`Ingen treff på «${row.query}».`);
        }
        if (row.first) expect.soft(paths[0], shown).toBe(row.first);
        for (const path of row.top3 ?? []) expect.soft(paths.slice(0, 3), shown).toContain(path);
      });
    }
  });
}
