import { describe, expect, it } from 'vitest';
import { nginxServerConfig } from '../../../../src/lib/hosting/nginx';
import { PAGEFIND_HASHED_PATTERN } from '../../../../src/lib/hosting/policy';
import { headersFile } from '../../../../src/lib/hosting/static-host';
import { isEditing, isTextField, onControllerChange } from '../../../../src/lib/offline/update';
import {
  HASHED_URLS,
  assetsOfPages,
  isOnlineOnlyIsland,
  keepInPrecache,
  isBuildAsset,
  isSiteImage,
  isSiteNavigation,
  pageFileFor,
  planPrecache,
  precachedPageFiles,
  markStoredCopy,
  namedBuildFiles,
  PAGE_NETWORK_TIMEOUT_SECONDS,
} from '../../../../src/lib/offline/worker-rules';

const origin = 'https://kaia.example';

describe('the worker finds a page under every spelling of its URL', () => {
  it('maps /page, /page/ and /page?q to the page file', () => {
    expect(pageFileFor(new URL('/kontakt', origin))?.href).toBe(`${origin}/kontakt.html`);
    expect(pageFileFor(new URL('/kontakt/', origin))?.href).toBe(`${origin}/kontakt.html`);
    expect(pageFileFor(new URL('/search?q=basseng', origin))?.href).toBe(`${origin}/search.html`);
    expect(pageFileFor(new URL('/myra/nota', origin))?.href).toBe(`${origin}/myra/nota.html`);
    expect(pageFileFor(new URL('/', origin))?.href).toBe(`${origin}/index.html`);
  });

  it('leaves file URLs alone', () => {
    expect(pageFileFor(new URL('/sw.js', origin))).toBeNull();
    expect(pageFileFor(new URL('/pagefind/pagefind-entry.json?ts=1', origin))).toBeNull();
    expect(pageFileFor(new URL('/404.html', origin))).toBeNull();
  });
});

describe('what the worker caches at run time', () => {
  it('caches only GETs of images under /media/ of the site', () => {
    const image = (url: string, extra: Partial<{ method: string; destination: string }> = {}) => ({ method: 'GET', destination: 'image', url, ...extra });
    expect(isSiteImage(image(`${origin}/media/articles/a.webp?width=800`), origin)).toBe(true);
    expect(isSiteImage(image('https://cdn.example/media/a.webp'), origin)).toBe(false);
    expect(isSiteImage(image(`${origin}/logo.svg`), origin)).toBe(false);
    expect(isSiteImage(image(`${origin}/media/a.webp`, { method: 'POST' }), origin)).toBe(false);
    expect(isSiteImage(image(`${origin}/media/a.webp`, { destination: '' }), origin)).toBe(true);
    expect(isSiteImage(image(`${origin}/media/a.webp`, { destination: 'document' }), origin)).toBe(false);
    expect(isSiteImage(image(`${origin}/media/a.webp`, { destination: 'script' }), origin)).toBe(false);
  });

  it('keeps the site’s own build files as used, and nothing of another origin or any other path', () => {
    expect(isBuildAsset({ method: 'GET', url: `${origin}/_astro/MyPage.Tzie7HTn.js` }, origin)).toBe(true);
    expect(isBuildAsset({ method: 'POST', url: `${origin}/_astro/MyPage.Tzie7HTn.js` }, origin)).toBe(false);
    expect(isBuildAsset({ method: 'GET', url: 'http://127.0.0.1:4410/_astro/x.js' }, origin)).toBe(false);
    expect(isBuildAsset({ method: 'GET', url: `${origin}/tickets?skip=0` }, origin)).toBe(false);
    expect(isBuildAsset({ method: 'GET', url: `${origin}/filmklubb/mi-side/` }, origin)).toBe(false);
  });

  it('handles page navigations of the site, and never API calls', () => {
    expect(isSiteNavigation({ method: 'GET', mode: 'navigate', url: `${origin}/kinoprogram/alder/15` }, origin)).toBe(true);
    expect(isSiteNavigation({ method: 'GET', mode: 'cors', url: `${origin}/api/profile` }, origin)).toBe(false);
    expect(isSiteNavigation({ method: 'GET', mode: 'cors', url: 'https://filmklubb.example/api/tickets' }, origin)).toBe(false);
    expect(isSiteNavigation({ method: 'POST', mode: 'navigate', url: `${origin}/search` }, origin)).toBe(false);
  });
});

describe('the build files a page names', () => {
  it("finds what loading attributes name, the inline stylesheet's file too, in page order", () => {
    const html = [
      '<link rel="preload" as="font" href="/_astro/figtree.f1.woff2" crossorigin>',
      '<style data-href="/_astro/style.k1.css">a{}</style>',
      '<astro-island component-url="/_astro/Search.s1.js" renderer-url="/_astro/client.r1.js" before-hydration-url="/_astro/astro.b1.js"></astro-island>',
      '<script type="module" src="/_astro/Header.a1.js"></script>',
    ].join('');
    expect(namedBuildFiles(html)).toEqual([
      '_astro/figtree.f1.woff2',
      '_astro/style.k1.css',
      '_astro/Search.s1.js',
      '_astro/client.r1.js',
      '_astro/astro.b1.js',
      '_astro/Header.a1.js',
    ]);
  });

  it('leaves out links, other attributes, other files and other folders', () => {
    const html = [
      '<a href="/_astro/notes.txt">',
      '<meta content="/_astro/Header.a1.js">',
      '<img xsrc="/_astro/Header.a1.js">',
      '<img src="/media/poster.jpg">',
      '<script src="/_astro/lazy.c3.js?v=1"></script>',
      '<p>src="/_astro/Header.a1.js</p>',
    ].join('');
    expect(namedBuildFiles(html)).toEqual([]);
  });
});

describe('what the build precaches', () => {
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${origin}/</loc></url>
  <url><loc>${origin}/kinoprogram</loc></url>
  <url><loc>${origin}/article/morgonsym</loc></url>
</urlset>`;
  const pages = precachedPageFiles(sitemap);

  it('holds every page of the sitemap and the offline page', () => {
    expect([...pages].sort()).toEqual(['article/morgonsym.html', 'index.html', 'kinoprogram.html', 'offline.html']);
  });

  it('keeps assets and the index, and leaves other HTML to be cached when visited', () => {
    for (const url of ['index.html', 'kinoprogram.html', '_astro/client.abc.js', 'pagefind/pagefind-entry.json', 'pagefind/fragment/nn_1.pf_fragment']) {
      expect(keepInPrecache(url, pages), url).toBe(true);
    }
    for (const url of ['kinoprogram/alder/15.html', 'filmklubb/mi-side.html', '404.html']) expect(keepInPrecache(url, pages), url).toBe(false);
  });

  it('keeps only the build assets the precached pages use, following their imports', () => {
    const modules: Record<string, string> = {
      '_astro/Header.a1.js': 'import{s}from"./shared.b2.js";s();',
      '_astro/shared.b2.js': 'export const s=()=>import("./lazy.c3.js");',
      '_astro/lazy.c3.js': 'import"./lazy.d4.css";export{}',
      '_astro/SearchApp.e5.js': 'import{j}from"./jsx-runtime.f6.js";',
      '_astro/jsx-runtime.f6.js': 'export const j=1;',
      '_astro/client.g7.js': 'export{}',
      '_astro/MyPage.h8.js': 'import{j}from"./jsx-runtime.f6.js";import"./qr.i9.js";',
      '_astro/qr.i9.js': 'export{}',
    };
    const article =
      '<link rel="preload" href="/_astro/figtree-latin.k1.woff2" as="font" type="font/woff2" crossorigin><link rel="stylesheet" href="/_astro/page.z0.css"><script type="module" src="/_astro/Header.a1.js"></script>';
    const search =
      '<astro-island uid="x" component-url="/_astro/SearchApp.e5.js" renderer-url="/_astro/client.g7.js" ssr client="load"></astro-island><a href="/_astro/readme.txt">x</a>';
    const used = assetsOfPages([article, search], (file) => modules[file]);
    expect([...used].sort()).toEqual([
      '_astro/Header.a1.js',
      '_astro/SearchApp.e5.js',
      '_astro/client.g7.js',
      '_astro/figtree-latin.k1.woff2',
      '_astro/jsx-runtime.f6.js',
      '_astro/lazy.c3.js',
      '_astro/lazy.d4.css',
      '_astro/page.z0.css',
      '_astro/shared.b2.js',
    ]);
    // Mi side's module and its QR library belong to a page the precache does not hold.
    expect(used.has('_astro/MyPage.h8.js')).toBe(false);
    expect(used.has('_astro/qr.i9.js')).toBe(false);
  });

  it('leaves the film-club panel and what only it imports to the network, keeping the renderer other islands share', () => {
    const modules: Record<string, string> = {
      '_astro/FilmClubPanel.a1.js': 'import{u}from"./use-filmclub.b2.js";',
      '_astro/use-filmclub.b2.js': 'export const u=1;',
      '_astro/SearchApp.c3.js': 'export{}',
      '_astro/client.d4.js': 'export{}',
    };
    const film = '<astro-island uid="f" component-url="/_astro/FilmClubPanel.a1.js" renderer-url="/_astro/client.d4.js" client="idle"></astro-island>';
    const search = '<astro-island uid="s" component-url="/_astro/SearchApp.c3.js" renderer-url="/_astro/client.d4.js" client="idle"></astro-island>';
    expect([...assetsOfPages([film, search], (file) => modules[file])].sort()).toEqual(['_astro/SearchApp.c3.js', '_astro/client.d4.js']);
    expect(isOnlineOnlyIsland('_astro/FilmClubPanel.DX58EGbG.js')).toBe(true);
    expect(isOnlineOnlyIsland('_astro/FilmClubPanelish.DX58EGbG.js')).toBe(false);
    expect(isOnlineOnlyIsland('_astro/SearchApp.BRCpkRD2.js')).toBe(false);
  });

  describe('within the budget', () => {
    // The offline page first, then the sitemap's pages in order; sizes in bytes as stored.
    const files = [
      { url: 'offline/index.html', size: 5 },
      { url: 'index.html', size: 20 },
      { url: 'search/index.html', size: 10 },
      { url: 'kinoprogram/index.html', size: 40 },
      { url: 'article/a/index.html', size: 10 },
      { url: 'article/b/index.html', size: 10 },
      { url: '_astro/page.css', size: 8 },
      { url: '_astro/react.js', size: 50 },
      { url: '_astro/programme.js', size: 6 },
      { url: '_astro/unused.js', size: 99 },
      { url: 'pagefind/pagefind.js', size: 30 },
      { url: 'pagefind/index/nn_1.pf_index', size: 12 },
      { url: 'logo.svg', size: 2 },
    ];
    const order = ['offline/index.html', 'index.html', 'search/index.html', 'kinoprogram/index.html', 'article/a/index.html', 'article/b/index.html'];
    const assets: Record<string, string[]> = {
      'search/index.html': ['_astro/page.css', '_astro/react.js'],
      'kinoprogram/index.html': ['_astro/page.css', '_astro/programme.js'],
    };
    const assetsOf = (page: string) => assets[page] ?? ['_astro/page.css'];
    const total = (urls: Set<string>) => files.filter((file) => urls.has(file.url)).reduce((sum, file) => sum + file.size, 0);

    it('holds everything when it fits, each shared asset counted once, and nothing no page uses', () => {
      const plan = planPrecache(files, order, assetsOf, 1000);
      expect(plan.pagesLeftOut).toEqual([]);
      expect(plan.overBudget).toBe(false);
      expect(plan.urls.has('_astro/unused.js')).toBe(false);
      expect(plan.urls.size).toBe(files.length - 1);
      expect(plan.bytes).toBe(total(plan.urls));
      expect(plan.bytes).toBe(5 + 20 + 10 + 40 + 10 + 10 + 8 + 50 + 6 + 30 + 12 + 2);
    });

    it('takes pages in order while they fit, and leaves the others (and their assets) to the network', () => {
      // Search index, icons, offline page and its stylesheet: 30 + 12 + 2 + 5 + 8 = 57; front page 20; search 10 + React 50.
      const plan = planPrecache(files, order, assetsOf, 150);
      // The programme (40 + its script 6) would pass the budget and waits for a visit; the next
      // article (10) still fits, the one after it no longer does.
      expect(plan.pagesLeftOut).toEqual(['kinoprogram/index.html', 'article/b/index.html']);
      expect(plan.urls.has('article/a/index.html')).toBe(true);
      expect(plan.bytes).toBe(147);
      expect(plan.bytes).toBe(total(plan.urls));
      expect(plan.urls.has('_astro/programme.js')).toBe(false);
      expect([...plan.urls]).toEqual(
        expect.arrayContaining([
          'pagefind/pagefind.js',
          'pagefind/index/nn_1.pf_index',
          'logo.svg',
          'offline/index.html',
          'search/index.html',
          '_astro/react.js',
        ]),
      );
      expect(plan.overBudget).toBe(false);
    });

    it('keeps what no page can do without even over the budget, and says so', () => {
      const plan = planPrecache(files, order, assetsOf, 40);
      expect(plan.overBudget).toBe(true);
      expect([...plan.urls].sort()).toEqual(['_astro/page.css', 'logo.svg', 'offline/index.html', 'pagefind/index/nn_1.pf_index', 'pagefind/pagefind.js']);
      expect(plan.pagesLeftOut).toEqual(order.slice(1));
    });

    it('takes a page that fills the budget to the last byte, and not one byte more', () => {
      // As above, article/a brings the plan to 147 bytes.
      const exact = planPrecache(files, order, assetsOf, 147);
      expect(exact.urls.has('article/a/index.html')).toBe(true);
      expect(exact.bytes).toBe(147);
      expect(exact.pagesLeftOut).toEqual(['kinoprogram/index.html', 'article/b/index.html']);
      const short = planPrecache(files, order, assetsOf, 146);
      expect(short.urls.has('article/a/index.html')).toBe(false);
      expect(short.pagesLeftOut).toEqual(['kinoprogram/index.html', 'article/a/index.html', 'article/b/index.html']);
      // What every page needs (57 bytes) exactly at the budget is not over it.
      expect(planPrecache(files, order, assetsOf, 57)).toMatchObject({ bytes: 57, overBudget: false });
      expect(planPrecache(files, order, assetsOf, 56).overBudget).toBe(true);
    });
  });

  it('revisions only files whose names do not carry their hash', () => {
    expect(HASHED_URLS.test('_astro/client.abc.js')).toBe(true);
    expect(HASHED_URLS.test('pagefind/index/nn_1.pf_index')).toBe(true);
    expect(HASHED_URLS.test('pagefind/pagefind.nn_abc.pf_meta')).toBe(true);
    expect(HASHED_URLS.test('pagefind/pagefind-entry.json')).toBe(false);
    expect(HASHED_URLS.test('pagefind/wasm.nn.pagefind')).toBe(false);
    expect(HASHED_URLS.test('index.html')).toBe(false);
  });
});

describe('updates of the worker', () => {
  it('reload onto a new version only when an old one controlled the page', () => {
    expect(onControllerChange({ wasControlled: false, editing: false })).toBe('nothing');
    expect(onControllerChange({ wasControlled: true, editing: false })).toBe('reload');
    expect(onControllerChange({ wasControlled: true, editing: true })).toBe('offer-reload');
  });

  it('count as typing only a focused text field the visitor has changed', () => {
    const search = { tagName: 'INPUT', type: 'search' };
    const note = { tagName: 'textarea' };
    const box = { tagName: 'INPUT', type: 'checkbox' };
    const changed = new Set([search, note, box]);
    expect(isEditing(search, changed)).toBe(true);
    expect(isEditing(note, changed)).toBe(true);
    expect(isEditing(box, changed)).toBe(false);
    expect(isEditing({ tagName: 'INPUT', type: 'email' }, changed)).toBe(false);
    expect(isEditing(null, changed)).toBe(false);
    expect(isTextField({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTextField({ tagName: 'INPUT', readOnly: true })).toBe(false);
    expect(isTextField({ tagName: 'BUTTON' })).toBe(false);
  });
});

describe('caching of the search index', () => {
  it('keeps hashed index files for ever and revalidates the entry', () => {
    const config = nginxServerConfig({ headers: {}, redirects: [] });
    expect(config).toContain(`location ~ ${PAGEFIND_HASHED_PATTERN} {\n    set $kaia_cache "public, max-age=31536000, immutable";`);
    expect(config).toContain('location = /pagefind/pagefind-entry.json { try_files $uri =404; }');
    expect(config).toContain('location = /sw.js { try_files $uri =404; }');
    const hashed = new RegExp(PAGEFIND_HASHED_PATTERN);
    for (const path of [
      '/pagefind/fragment/nn_5227cd8.pf_fragment',
      '/pagefind/index/nn_b96ffb7.pf_index',
      '/pagefind/filter/nn_0d43c56.pf_filter',
      '/pagefind/pagefind.nn_f96255bf86.pf_meta',
    ]) {
      expect(hashed.test(path), path).toBe(true);
    }
    for (const path of ['/pagefind/pagefind-entry.json', '/pagefind/pagefind.js', '/pagefind/wasm.nn.pagefind', '/pagefind/fragment/../x'])
      expect(hashed.test(path), path).toBe(false);
    expect(headersFile({})).toContain('/pagefind/fragment/*\n  Cache-Control: public, max-age=31536000, immutable');
  });
});

describe('a stored page handed out instead of the network', () => {
  it('is marked on <html>, once, and otherwise unchanged', () => {
    const html = '<!doctype html><html lang="nn" data-x><head></head><body><p>html</p></body></html>';
    expect(markStoredCopy(html)).toBe('<!doctype html><html data-stored-copy lang="nn" data-x><head></head><body><p>html</p></body></html>');
    expect(markStoredCopy('<html><body></body></html>')).toBe('<html data-stored-copy><body></body></html>');
    expect(markStoredCopy('<p>no document</p>')).toBe('<p>no document</p>');
  });

  it('waits for the network a few seconds, not a browser’s minutes', () => {
    expect(PAGE_NETWORK_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(2);
    expect(PAGE_NETWORK_TIMEOUT_SECONDS).toBeLessThanOrEqual(5);
  });
});
