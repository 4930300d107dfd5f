import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../../../src/lib/content/snapshot';
import { normalisePath, fillPath } from '../../../../src/lib/pages/paths';
import { buildRouteTable, resolvePath, RouteError } from '../../../../src/lib/pages/routes';
import { buildMenu } from '../../../../src/lib/site/menu';
import { sitemapOrder } from '../../../../src/lib/seo/sitemap';
import { article, content, culture, event, movie, page } from '../../fixtures/content';

describe('normalisePath', () => {
  it.each([
    ['/kinoprogram', '/kinoprogram'],
    ['/kinoprogram/', '/kinoprogram'],
    ['/kinoprogram/index.html', '/kinoprogram'],
    ['/', '/'],
    ['/index.html', '/'],
    ['', '/'],
    ['/myra/nota/?x=1#y', '/myra/nota'],
    ['//a//b/', '/a/b'],
  ])('%s is %s', (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });

  it('fills parameters URL-encoded', () => {
    expect(fillPath('/article/:article', { article: 'a b/c' })).toBe('/article/a%20b%2Fc');
    expect(() => fillPath('/:x', {})).toThrow(/:x/);
  });
});

const standardPages = [
  page({
    id: 'article',
    path: '/article/:article',
    pageType: 'standard',
    sources: [{ name: 'article', model: 'article', collection: false, filters: [{ property: 'slug', value: '@article', operator: 'eq' }] }],
  }),
  page({
    id: 'culture',
    path: '/:culture',
    pageType: 'standard',
    sources: [
      {
        name: 'production',
        model: 'production',
        collection: false,
        filters: [
          { property: 'pageReference', value: '@culture', operator: 'eq' },
          { property: 'object', value: 'culture', operator: 'eq' },
        ],
      },
    ],
  }),
  page({
    id: 'production',
    path: '/:production',
    pageType: 'standard',
    sources: [
      {
        name: 'production',
        model: 'production',
        collection: false,
        filters: [
          { property: 'pageReference', value: '@production', operator: 'eq' },
          { property: 'object', value: 'movie', operator: 'eq' },
        ],
      },
    ],
  }),
];

describe('buildRouteTable', () => {
  const site = content({
    pages: [page({ id: 'front', path: '/' }), page({ id: 'front-old', path: '/index.html' }), page({ id: 'kino', path: '/kinoprogram/' }), ...standardPages],
    articles: [article('hei'), article('hadet')],
    productions: [movie('film', 'aaaaa'), culture('konsert', 'bbbbb')],
    aliases: [{ alias: '/kino-alias', path: '/kinoprogram' }],
    redirects: [{ from: '/gammal', to: '/kinoprogram' }],
  });
  const table = buildRouteTable(site);
  const pageAt = (path: string) => table.routes.find((route) => route.path === path)?.page.id;

  it('gives the first definition of a path the route and reports the others', () => {
    expect(pageAt('/')).toBe('front');
    expect(table.shadowed.map((p) => p.id)).toEqual(['front-old']);
  });

  it('expands standard pages to one route per record, split by their literal filters', () => {
    expect(pageAt('/article/hei')).toBe('article');
    expect(pageAt('/article/hadet')).toBe('article');
    expect(pageAt('/film-aaaaa')).toBe('production');
    expect(pageAt('/konsert-bbbbb')).toBe('culture');
    expect(table.routes.find((route) => route.path === '/konsert-bbbbb')?.params).toEqual({ culture: 'konsert-bbbbb' });
  });

  it('serves aliases with the canonical path of their page', () => {
    const alias = table.routes.find((route) => route.path === '/kino-alias');
    expect(alias?.page.id).toBe('kino');
    expect(alias?.canonicalPath).toBe('/kinoprogram');
  });

  it('resolves paths with trailing slash and index.html, redirects and misses', () => {
    expect(resolvePath(table, site.redirects, '/kinoprogram/')).toMatchObject({ kind: 'page' });
    expect(resolvePath(table, site.redirects, '/kinoprogram/index.html')).toMatchObject({ kind: 'page' });
    expect(resolvePath(table, site.redirects, '/gammal/')).toEqual({ kind: 'redirect', to: '/kinoprogram' });
    expect(resolvePath(table, site.redirects, '/finst-ikkje')).toEqual({ kind: 'not-found' });
  });

  it('orders the sitemap as the offline precache should take it: own pages, productions by next show, newest articles', () => {
    const now = new Date('2026-11-23T10:00:00+01:00');
    const dated = content({
      ...site,
      articles: [article('gammal', { updatedAt: 1_000 }), article('ny', { updatedAt: 9_000 })],
      productions: [movie('utan-vising', 'ccccc'), movie('seinare', 'aaaaa'), culture('snart', 'bbbbb')],
      events: [
        event('e1', '2026-12-01T19:00:00+01:00', { pageReference: 'seinare-aaaaa' }),
        event('e2', '2026-11-24T19:00:00+01:00', { pageReference: 'snart-bbbbb' }),
        event('e0', '2026-11-01T19:00:00+01:00', { pageReference: 'utan-vising-ccccc' }),
      ],
    });
    const paths = sitemapOrder(buildRouteTable(dated).routes, dated, now).map((route) => route.path);
    expect(paths).toEqual(['/', '/kinoprogram', '/kino-alias', '/snart-bbbbb', '/seinare-aaaaa', '/utan-vising-ccccc', '/article/ny', '/article/gammal']);
  });

  it('refuses two routes at one path', () => {
    const clash = content({ pages: [page({ id: 'plain', path: '/film-aaaaa' }), ...standardPages], productions: [movie('film', 'aaaaa')] });
    expect(() => buildRouteTable(clash)).toThrow(RouteError);
    expect(() => buildRouteTable(clash)).toThrow(/film-aaaaa/);
  });

  it('refuses a redirect away from an existing page, and an alias to nothing', () => {
    expect(() => buildRouteTable(content({ pages: [page({ id: 'a', path: '/a' })], redirects: [{ from: '/a/', to: '/b' }] }))).toThrow(/hide page a/);
    expect(() => buildRouteTable(content({ aliases: [{ alias: '/x', path: '/nowhere' }] }))).toThrow(/no page/);
  });

  it('refuses a standard page whose params no source binds', () => {
    expect(() => buildRouteTable(content({ pages: [page({ id: 'loose', path: '/:thing', pageType: 'standard' })] }))).toThrow(/@thing/);
  });
});

describe('the demo site', () => {
  const snapshot = readSnapshot('content');
  const table = buildRouteTable(snapshot);

  it('has no colliding routes and one route per article and production', () => {
    const paths = table.routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const item of snapshot.articles) expect(paths).toContain(`/article/${item.slug}`);
    for (const item of snapshot.productions) expect(paths).toContain(`/${item.pageReference}`);
  });

  it('resolves every menu path, shown or kept from the old template, to a page or a redirect', () => {
    const unresolved = snapshot.menu
      .filter((item) => item.path.startsWith('/'))
      .filter((item) => resolvePath(table, snapshot.redirects, item.path).kind === 'not-found')
      .map((item) => item.path);
    expect(unresolved).toEqual([]);
  });

  it('sends every redirect to a page', () => {
    for (const redirect of snapshot.redirects) expect(resolvePath(table, snapshot.redirects, redirect.to).kind).toBe('page');
  });

  it('shows the header menu of SPEC §2 in order, with Kino and its two children', () => {
    const menu = buildMenu(snapshot.menu, 'header');
    expect(menu.map((item) => `${item.label} ${item.path}`)).toEqual([
      'Kulturprogram /kulturprogram',
      'Kino /kinoprogram',
      'Biblioteket /biblioteket',
      'Bassenget /bassenget',
      'Aukra kulturskole /aukra-kulturskole',
      'BUA /bua',
      'Utleige /utleige',
      'Om huset /om-huset',
      'Gåvekort /gavekort',
      'Aktuelt /aktuelt',
      'Faste tilbod /tilbod',
      'Billettinformasjon /billettinformasjon',
      'Kontaktinformasjon /kontakt',
    ]);
    expect(menu[1]?.children.map((item) => `${item.label} ${item.path}`)).toEqual(['Kinoprogram /kinoprogram', 'Filmoversikt /filmoversikt']);
  });

  it('uses the first of the two front page definitions', () => {
    expect(table.routes.find((route) => route.path === '/')?.page.id).toBe('page-framside');
    expect(table.shadowed.map((p) => p.id)).toEqual(['page-framside-v1']);
  });
});
