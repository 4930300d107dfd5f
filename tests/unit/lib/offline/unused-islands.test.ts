/** A build without the film club (partner 999) ships none of its islands' code (issue 37); a build with it keeps all. */
import { describe, expect, it } from 'vitest';
import { unusedIslandFiles } from '../../../../src/lib/offline/unused-islands';

const MODULES: Record<string, string> = {
  '_astro/client.abc.js': 'export {};',
  '_astro/SearchApp.def.js': 'import { a } from "./jsx-runtime.ghi.js"; import("./pagefind-glue.x1.js");',
  '_astro/pagefind-glue.x1.js': 'export {};',
  '_astro/jsx-runtime.ghi.js': 'export {};',
  '_astro/MyPage.jkl.js': 'import { a } from "./jsx-runtime.ghi.js"; import { b } from "./use-filmclub.mno.js"; import("./qrcode.y2.js");',
  '_astro/SignInForm.pqr.js': 'import { b } from "./use-filmclub.mno.js";',
  '_astro/FilmClubPanel.stu.js': 'import { b } from "./use-filmclub.mno.js";',
  '_astro/use-filmclub.mno.js': 'export {};',
  '_astro/qrcode.y2.js': 'export {};',
  '_astro/style.vwx.css': '',
};
const FILES = Object.keys(MODULES);
const read = (file: string) => MODULES[file];
const island = (name: string) => `<astro-island component-url="/_astro/${name}" renderer-url="/_astro/client.abc.js"></astro-island>`;
const SEARCH = `<link rel="stylesheet" href="/_astro/style.vwx.css">${island('SearchApp.def.js')}`;

describe('island files no page uses', () => {
  it('are every film-club island and the chunks only they import, when no page shows the film club (partner 999)', () => {
    expect(unusedIslandFiles(FILES, [SEARCH, '<p>Kinoprogram</p>'], read)).toEqual([
      '_astro/FilmClubPanel.stu.js',
      '_astro/MyPage.jkl.js',
      '_astro/SignInForm.pqr.js',
      '_astro/qrcode.y2.js',
      '_astro/use-filmclub.mno.js',
    ]);
  });

  it('are none when the film club is shown: its pages name its islands', () => {
    expect(unusedIslandFiles(FILES, [SEARCH, island('FilmClubPanel.stu.js'), island('MyPage.jkl.js'), island('SignInForm.pqr.js')], read)).toEqual([]);
  });

  it('never take a chunk a page still uses, even when an unused island imports it too', () => {
    const unused = unusedIslandFiles(FILES, [SEARCH, island('FilmClubPanel.stu.js')], read);
    expect(unused).toEqual(['_astro/MyPage.jkl.js', '_astro/SignInForm.pqr.js', '_astro/qrcode.y2.js']);
    expect(unused).not.toContain('_astro/jsx-runtime.ghi.js');
  });
});
