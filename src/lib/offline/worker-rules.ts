/**
 * The service worker's rules as plain functions (src/sw.ts only wires them to Workbox), and
 * what the build precaches (src/integrations/offline.ts).
 *
 * - Every page of the site (the sitemap, plus the offline page), its assets and the search index
 *   are precached at install, so after the first visit the whole site works offline. Pages are
 *   precached as their files (`/kontakt.html`, src/lib/pages/page-files.ts); `/kontakt` and
 *   `/kontakt?x` find that entry.
 * - The precache never stores more than PRECACHE_BUDGET: should the content outgrow it, pages
 *   are taken in sitemap order while they fit, and the others are cached when visited
 *   (planPrecache).
 * - Other HTML of the build (the generated one-filter views of the programmes, which visitors
 *   with JavaScript never need since they filter in place, member screens, redirect stubs) is
 *   cached when visited: network first, the stored copy offline.
 * - Images under /media/ are cached as they are seen, with a limit.
 * - Nothing else is touched: partner and member APIs, other origins and non-GET requests go to
 *   the network as if there were no worker, and are never cached.
 */
import { pageFile } from '../pages/page-files';
import { STORED_COPY_ATTRIBUTE } from './update';
import { sitemapPageFiles } from '../seo/sitemap-files';

/** Precached files, relative to dist/ (Workbox globs). */
export const PRECACHE_GLOBS = [
  '**/*.{html,css,js}',
  '*.svg',
  // The search: Pagefind's module, the Norwegian WASM, the entry, and every index chunk. Its web
  // worker is not used (PAGEFIND_OPTIONS in src/lib/search/engine.ts), so not stored either.
  'pagefind/pagefind-entry.json',
  'pagefind/wasm.*.pagefind',
  'pagefind/*.pf_meta',
  'pagefind/{fragment,index,filter}/*',
];

/**
 * Never precached: hosting files, images, and Pagefind's web worker, stylesheets and fallback
 * language (the site uses none of them; its ready-made UIs are not shipped: search-index.ts).
 */
export const PRECACHE_IGNORES = [
  '_hosting/**',
  'media/**',
  'pagefind/pagefind-worker.js',
  'pagefind/*.css',
  'pagefind/playground/**',
  'pagefind/wasm.unknown.pagefind',
];

/** Precache entries whose URL carries their content hash need no revision. */
export const HASHED_URLS = /^(?:_astro\/|pagefind\/(?:fragment|index|filter)\/|pagefind\/pagefind\.[\w-]+\.pf_meta$)/;

/** The page shown for a page that is neither stored nor reachable. */
export const OFFLINE_PAGE = `/${pageFile('/offline')}`;

/** The page files to precache: every URL of the sitemap, and the offline page. */
export function precachedPageFiles(sitemapXml: string): Set<string> {
  return new Set([OFFLINE_PAGE.slice(1), ...sitemapPageFiles(sitemapXml)]);
}

/** Whether a globbed file stays in the precache: everything but HTML outside `pages`. */
export function keepInPrecache(url: string, pages: ReadonlySet<string>): boolean {
  return !url.endsWith('.html') || pages.has(url);
}

/**
 * Islands that can do nothing without the film-club partner: their code is not precached with
 * the pages that hold them (a film page offline shows its static part), but cached when a page
 * that uses them is visited (ASSET_CACHE), so a member's Mi side still opens at the door.
 */
export const ONLINE_ONLY_ISLANDS: readonly string[] = ['FilmClubPanel', 'MyPage', 'SignInForm', 'SignUpForm', 'ForgotPasswordForm'];

/** Whether a build file is the component module of an online-only island (`_astro/FilmClubPanel.<hash>.js`). */
export function isOnlineOnlyIsland(file: string): boolean {
  const name = /^_astro\/([\w-]+)\.[\w-]+\.js$/.exec(file)?.[1];
  return name !== undefined && ONLINE_ONLY_ISLANDS.includes(name);
}

/** A value naming a build file: `="/_astro/<name>.js"` (or .css, .woff2). */
const BUILD_FILE_VALUE = /="\/(_astro\/[^"?#]+\.(?:js|css|woff2))"/g;
/** The attributes that load what they name (`data-href` too: the inline stylesheet's file), ending where the value starts. */
const LOADING_ATTRIBUTE = /(?:^|\W)(?:src|href|component-url|renderer-url|before-hydration-url)$/;
const LONGEST_ATTRIBUTE = 'before-hydration-url'.length + 1;

/**
 * Every `_astro/` file an HTML page names in a loading attribute: scripts, stylesheets, island
 * components, renderers and preloaded fonts, in page order. The scan looks for the value first
 * and the attribute's name after (a literal start is found fast; pages run to 200 KB). Each name
 * is a fresh string, not a slice of the page: the build keeps the names of thousands of pages
 * (the precache plan, the unused-island check), and V8 keeps a whole page alive for a slice of it.
 */
export function namedBuildFiles(html: string): string[] {
  const files: string[] = [];
  for (const match of html.matchAll(BUILD_FILE_VALUE)) {
    if (LOADING_ATTRIBUTE.test(html.slice(Math.max(0, match.index - LONGEST_ATTRIBUTE), match.index))) files.push((match[1] as string).split('').join(''));
  }
  return files;
}

/** The build's files a page names: scripts, stylesheets, island components (online-only ones aside), renderers and preloaded fonts. */
export function pageAssetFiles(html: string): string[] {
  return [...new Set(namedBuildFiles(html).filter((file) => !isOnlineOnlyIsland(file)))];
}

/** The modules a built module imports, statically or dynamically, as files beside it in `_astro/`. */
export function moduleImports(code: string): string[] {
  const files = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']\.\/([\w.-]+\.(?:js|css))["']/g)) {
    files.add(`_astro/${match[1] as string}`);
  }
  return [...files];
}

/**
 * The `_astro/` files some precached page needs, following imports from the pages' own
 * scripts. Code only pages outside the precache use (the film-club forms and Mi side, which
 * need the network anyway) is left to the network.
 */
export function assetsOfPages(pageHtml: Iterable<string>, readModule: (file: string) => string | undefined): Set<string> {
  return assetsOfFiles([...pageHtml].flatMap(pageAssetFiles), readModule);
}

/** As `assetsOfPages`, from the files pages name (`pageAssetFiles`). */
export function assetsOfFiles(named: Iterable<string>, readModule: (file: string) => string | undefined): Set<string> {
  const needed = new Set<string>();
  const queue = [...named];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (needed.has(file)) continue;
    needed.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readModule(file);
    if (code !== undefined) queue.push(...moduleImports(code));
  }
  return needed;
}

/**
 * The most the precache may store: 2 MB as Workbox and Lighthouse count (2 × 1024 × 1024
 * bytes of files as stored, before any compression on the wire).
 */
export const PRECACHE_BUDGET = 2 * 1024 * 1024;

export interface PrecacheFile {
  /** Relative to dist/, as in the manifest. */
  url: string;
  /** Bytes as stored. */
  size: number;
}

export interface PrecachePlan {
  /** The files to precache. */
  urls: Set<string>;
  bytes: number;
  /** Pages that did not fit, in order: cached when visited instead. */
  pagesLeftOut: string[];
  /** The files every page needs (search index, icons, the offline page) alone exceed the budget. */
  overBudget: boolean;
}

/**
 * What the precache stores within `budget`. First what no page can do without: the files that
 * are neither pages nor build assets (the search index, icons) and the first page (the offline
 * page) with its assets. Then the pages in the order given, each with the build assets it needs
 * that are not stored yet, if that still fits. A page that does not fit is left to the network
 * (cached when visited) and the next one is tried, so one very large page (a programme of
 * thousands of showings) never keeps the pages after it out.
 */
export function planPrecache(files: PrecacheFile[], pages: string[], assetsOf: (page: string) => Iterable<string>, budget = PRECACHE_BUDGET): PrecachePlan {
  const sizes = new Map(files.map((file) => [file.url, file.size]));
  const pageSet = new Set(pages);
  const urls = new Set<string>();
  let bytes = 0;
  // A page and the files it needs that are built and not stored yet.
  const cost = (page: string) => [...new Set([page, ...assetsOf(page)])].filter((url) => sizes.has(url) && !urls.has(url));
  const add = (list: string[]) => {
    for (const url of list) {
      urls.add(url);
      bytes += sizes.get(url) ?? 0;
    }
  };
  add(files.filter((file) => !pageSet.has(file.url) && !file.url.startsWith('_astro/')).map((file) => file.url));
  const [first, ...rest] = pages.filter((page) => sizes.has(page));
  if (first !== undefined) add(cost(first));
  const overBudget = bytes > budget;
  const pagesLeftOut: string[] = [];
  for (const page of rest) {
    const needed = cost(page);
    const extra = needed.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
    if (bytes + extra > budget) {
      pagesLeftOut.push(page);
      continue;
    }
    add(needed);
  }
  return { urls, bytes, pagesLeftOut, overBudget };
}

/** The URLs (relative to dist/) of the precache manifest Workbox injected into a built sw.js. */
export function builtPrecacheUrls(sw: string): string[] {
  return [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] as string);
}

export const PAGE_CACHE = 'kaia-sider';
/** Visited pages outside the precache kept for offline use. */
export const PAGE_LIMITS = { maxEntries: 40, maxAgeSeconds: 14 * 24 * 60 * 60 };

export const IMAGE_CACHE = 'kaia-bilete';
/** Images kept: enough for the pages of a visit, small enough for any phone. */
export const IMAGE_LIMITS = { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 };

export const ASSET_CACHE = 'kaia-filer';
/** Build files kept as used: the islands of a few visited pages outside the precache. */
export const ASSET_LIMITS = { maxEntries: 40, maxAgeSeconds: 30 * 24 * 60 * 60 };

/**
 * Whether the worker keeps this request as a build file no precached page uses (a GET under
 * /_astro/ of the site: hashed, so a stored copy is never stale). A visited page outside the
 * precache (Mi side) then has its scripts offline too, not only its HTML.
 */
export function isBuildAsset(request: { method: string; url: string }, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && url.pathname.startsWith('/_astro/');
}

/**
 * The precache entry a same-origin page URL may be stored under: the page's file.
 * '/kontakt' gives '/kontakt.html' (and '/kontakt/', which the server sends on to '/kontakt',
 * the same), '/' gives '/index.html'; paths that name a file ('/sw.js', '/404.html') give
 * nothing extra. Query and hash are ignored: the site is static.
 */
export function pageFileFor(url: URL): URL | null {
  const path = url.pathname;
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes('.')) return null;
  return new URL(`/${pageFile(path)}`, url.origin);
}

/**
 * Whether the worker caches this request as an image of the site: a GET under /media/ of the
 * site, made by an image element, or with no destination (the page's list of images it showed
 * before the worker took over, sent as a Workbox CACHE_URLS message).
 */
export function isSiteImage(request: { method: string; destination: string; url: string }, origin: string): boolean {
  if (request.method !== 'GET' || (request.destination !== 'image' && request.destination !== '')) return false;
  const url = new URL(request.url);
  return url.origin === origin && url.pathname.startsWith('/media/');
}

/**
 * What an image of the site that is neither stored nor reachable shows offline: a calm sand-
 * coloured area instead of a broken-image icon with its alt text. It has no size of its own, so
 * it fills the box the page gave the image (width and height attributes, aspect-ratio).
 */
export const OFFLINE_IMAGE_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="#e9e1d4"/></svg>';

/** Whether a request is a page navigation of this site (answered from the precache, else the network, else a stored copy or the offline page). */
/**
 * How long a page outside the precache (Mi side, a member screen, a one-filter view) waits for
 * the network before the stored copy is shown. On a weak signal a connection can be accepted and
 * never answered ("lie-fi"); without a limit the page stayed blank for 35 s and more.
 */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 3;

/** A stored page as the worker hands it out: `<html>` marked, so the page can say it is the stored copy. */
export function markStoredCopy(html: string): string {
  return html.replace(/<html(?=[\s>])/i, `<html ${STORED_COPY_ATTRIBUTE}`);
}

export function isSiteNavigation(request: { method: string; mode: string; url: string }, origin: string): boolean {
  return request.method === 'GET' && request.mode === 'navigate' && new URL(request.url).origin === origin;
}
