/**
 * Analytics: the items the build writes into the markup, the emitter, the GA4 data layer
 * entries, the pixel calls, the stored consent choice, the services and their CSP origins,
 * and the tracking cookies removed on withdrawal.
 */
import { describe, expect, it, vi } from 'vitest';
import { CONSENT_KEY, CONSENT_MAX_AGE_DAYS, parseConsent, serialiseConsent } from '../../../../src/lib/analytics/consent';
import { cookieDomains, expiryAssignments, trackingCookieNames } from '../../../../src/lib/analytics/cookies';
import { createEmitter, type AnalyticsEvent } from '../../../../src/lib/analytics/events';
import { dataLayerEntries } from '../../../../src/lib/analytics/ga4';
import {
  itemAttributes,
  itemFromElement,
  LIST_NAMES,
  productFields,
  productItem,
  productionPageList,
  ticketListName,
  type ProductItem,
} from '../../../../src/lib/analytics/items';
import { pixelCall } from '../../../../src/lib/analytics/pixel';
import { analyticsOrigins, analyticsServices, gtmScriptUrl, hasAnalytics, listText, serviceNames } from '../../../../src/lib/analytics/services';
import { contentSecurityPolicy } from '../../../../src/lib/hosting/policy';
import { culture, movie } from '../../fixtures/content';

const plainFilm = movie('kaptein-sabeltann', 'ab12c', { id: 'p-118', title: 'Kaptein Sabeltann' });
const film = plainFilm.object === 'movie' ? { ...plainFilm, features: { ...plainFilm.features, genres: ['familie', 'eventyr'] } } : plainFilm;
const concert = culture('vise-kveld', 'zz99a');
const item: ProductItem = { id: 'p-118', name: 'Kaptein Sabeltann', brand: 'Kulturhuset Kaia', listName: 'Kinoprogram', category: 'familie' };

/**
 * An element and its ancestors, innermost first, each with the attributes the build writes:
 * `closest(selector)` as the DOM answers it for a `[name]` selector.
 */
function elementIn(...chain: Record<string, string>[]) {
  return {
    closest(selector: string) {
      const name = /^\[([\w-]+)\]$/.exec(selector)?.[1] ?? '';
      const found = chain.find((attributes) => name in attributes);
      return found ? { getAttribute: (attribute: string) => found[attribute] ?? null } : null;
    },
  };
}

describe('product items', () => {
  it('carry id, title, the house as brand, the list and the category', () => {
    expect(productItem(film, 'Kulturhuset Kaia', LIST_NAMES.cinema)).toEqual(item);
    expect(productItem(concert, 'Kulturhuset Kaia', LIST_NAMES.culture)).toEqual({
      id: 'prod-vise-kveld',
      name: 'vise-kveld',
      brand: 'Kulturhuset Kaia',
      listName: 'Kulturprogram',
      category: 'konsert',
    });
  });

  it('name the list a ticket link sits in: the production page, or the programme of its kind', () => {
    expect(ticketListName(film, '/kaptein-sabeltann-ab12c/')).toBe('Filmside');
    expect(ticketListName(film, '/kaptein-sabeltann-ab12c/index.html')).toBe('Filmside');
    expect(ticketListName(film, '/kinoprogram')).toBe('Kinoprogram');
    expect(ticketListName(film, '/')).toBe('Kinoprogram');
    expect(ticketListName(concert, '/vise-kveld-zz99a')).toBe('Arrangementsside');
    expect(ticketListName(concert, '/kulturprogram/')).toBe('Kulturprogram');
    expect(productionPageList(concert)).toBe('Arrangementsside');
  });

  it('survive the round trip through data attributes', () => {
    const attributes = itemAttributes(item);
    expect(Object.keys(attributes)).toEqual(['data-item-id', 'data-item-name', 'data-item-brand', 'data-item-list', 'data-item-category']);
    expect(itemFromElement(elementIn(attributes))).toEqual(item);
  });

  it('take each field from the nearest element that carries it: link, list, body', () => {
    const link = itemAttributes(productFields(film));
    expect(Object.keys(link)).toEqual(['data-item-id', 'data-item-name', 'data-item-category']);
    const list = itemAttributes({ listName: LIST_NAMES.cinema });
    const body = itemAttributes({ brand: 'Kulturhuset Kaia' });
    expect(itemFromElement(elementIn(link, {}, list, body))).toEqual(item);
    // A production's own ticket list carries its whole item; the link inside carries nothing.
    const ownList = itemAttributes({ ...productFields(film), listName: LIST_NAMES.filmPage });
    expect(itemFromElement(elementIn({}, ownList, list, body))).toEqual({ ...item, listName: 'Filmside' });
  });

  it('are not read from incomplete markup', () => {
    const { 'data-item-category': _, ...partial } = itemAttributes(item);
    expect(itemFromElement(elementIn(partial))).toBeNull();
    expect(itemFromElement(elementIn({ ...itemAttributes(item), 'data-item-name': '' }))).toBeNull();
    expect(itemFromElement(elementIn(itemAttributes(productFields(film))))).toBeNull();
    expect(itemFromElement(elementIn({}))).toBeNull();
  });
});

describe('the emitter', () => {
  it('hands each event to every listener until it unsubscribes', () => {
    const emitter = createEmitter();
    const seen: AnalyticsEvent[] = [];
    const unsubscribe = emitter.subscribe((event) => seen.push(event));
    emitter.emit({ type: 'BUY_TICKET', item });
    unsubscribe();
    emitter.emit({ type: 'VIEW_ITEM', items: [item] });
    expect(seen).toEqual([{ type: 'BUY_TICKET', item }]);
  });

  it('keeps going when a listener throws, and reports the error', () => {
    const onError = vi.fn();
    const emitter = createEmitter(onError);
    const after = vi.fn();
    emitter.subscribe(() => {
      throw new Error('broken tag');
    });
    emitter.subscribe(after);
    expect(() => emitter.emit({ type: 'BUY_TICKET', item })).not.toThrow();
    expect(after).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken tag' }));
  });
});

describe('the GA4 data layer', () => {
  it('reports a ticket click as a content selection at list position 1, after clearing ecommerce', () => {
    expect(dataLayerEntries({ type: 'BUY_TICKET', item })).toEqual([
      { ecommerce: null },
      {
        event: 'select_content',
        ecommerce: {
          items: [
            {
              item_id: 'p-118',
              item_name: 'Kaptein Sabeltann',
              item_brand: 'Kulturhuset Kaia',
              item_list_name: 'Kinoprogram',
              item_category: 'familie',
              index: 1,
            },
          ],
        },
      },
    ]);
  });

  it('reports a production page as view_item, items numbered from 1', () => {
    const second = { ...item, id: 'p-2' };
    const [clear, view] = dataLayerEntries({ type: 'VIEW_ITEM', items: [item, second] });
    expect(clear).toEqual({ ecommerce: null });
    expect(view).toMatchObject({
      event: 'view_item',
      ecommerce: {
        items: [
          { item_id: 'p-118', index: 1 },
          { item_id: 'p-2', index: 2 },
        ],
      },
    });
  });
});

describe('the pixel', () => {
  it('gets ViewContent and InitiateCheckout with the product', () => {
    expect(pixelCall({ type: 'VIEW_ITEM', items: [item] })).toEqual({
      name: 'ViewContent',
      parameters: { content_ids: ['p-118'], content_name: 'Kaptein Sabeltann', content_category: 'familie', content_type: 'product' },
    });
    expect(pixelCall({ type: 'BUY_TICKET', item })?.name).toBe('InitiateCheckout');
    expect(pixelCall({ type: 'VIEW_ITEM', items: [] })).toBeNull();
  });
});

describe('the stored consent choice', () => {
  const now = new Date('2026-11-23T10:00:00+01:00');

  it('reads back what was stored', () => {
    expect(parseConsent(serialiseConsent('granted', now), now)).toBe('granted');
    expect(parseConsent(serialiseConsent('denied', now), now)).toBe('denied');
    expect(CONSENT_KEY).toMatch(/consent/);
  });

  it('treats a missing, malformed or foreign value as no choice', () => {
    for (const raw of [
      null,
      '',
      'granted',
      'true',
      '{',
      '[]',
      'null',
      '{"choice":"granted"}',
      '{"version":1,"choice":"yes","decidedAt":"2026-11-01T00:00:00Z"}',
      '{"version":2,"choice":"granted","decidedAt":"2026-11-01T00:00:00Z"}',
      '{"version":1,"choice":"granted","decidedAt":"soon"}',
    ]) {
      expect(parseConsent(raw, now), String(raw)).toBeNull();
    }
  });

  it('asks again after a year, and when the date lies in the future', () => {
    const old = new Date(now.getTime() - (CONSENT_MAX_AGE_DAYS + 1) * 24 * 3600_000);
    expect(parseConsent(serialiseConsent('granted', old), now)).toBeNull();
    const recent = new Date(now.getTime() - (CONSENT_MAX_AGE_DAYS - 1) * 24 * 3600_000);
    expect(parseConsent(serialiseConsent('granted', recent), now)).toBe('granted');
    expect(parseConsent(serialiseConsent('granted', new Date(now.getTime() + 3 * 24 * 3600_000)), now)).toBeNull();
  });
});

describe('analytics services', () => {
  it('are off when their ids are blank', () => {
    expect(hasAnalytics(analyticsServices(undefined, ''))).toBe(false);
    expect(hasAnalytics(analyticsServices(' ', '  '))).toBe(false);
    expect(analyticsServices('GTM-ABC123', '1234')).toEqual({ gtmId: 'GTM-ABC123', pixelId: '1234' });
  });

  it('are named to visitors as configured', () => {
    expect(listText(serviceNames(analyticsServices('GTM-ABC123', '1234')))).toBe('Google Analytics (gjennom Google Tag Manager) og Meta-pikselen');
    expect(listText(serviceNames(analyticsServices(undefined, '1234')))).toBe('Meta-pikselen');
    expect(listText(['a', 'b', 'c'])).toBe('a, b og c');
  });

  it('load the tag manager container by its id', () => {
    expect(gtmScriptUrl('GTM-ABC123')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123');
  });

  it('open the Content-Security-Policy only for the services configured', () => {
    expect(analyticsOrigins(analyticsServices(undefined, undefined))).toEqual({ script: [], connect: [], image: [] });
    const pixelOnly = analyticsOrigins(analyticsServices(undefined, '1234'));
    expect(pixelOnly.script).toEqual(['https://connect.facebook.net']);
    expect(pixelOnly.connect.join(' ')).not.toMatch(/google/);
    const both = analyticsOrigins(analyticsServices('GTM-ABC123', '1234'));
    const csp = contentSecurityPolicy({
      scriptHashes: ['sha256-abc='],
      scriptOrigins: both.script,
      connectOrigins: both.connect,
      formOrigins: [],
      frameOrigins: [],
      imageOrigins: both.image,
    });
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/\*\.googletagmanager\.com https:\/\/connect\.facebook\.net[^;]* 'sha256-abc='/);
    expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(csp).toMatch(/img-src 'self' data: [^;]*https:\/\/www\.facebook\.com/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('tracking cookies', () => {
  it('are picked out of the cookie string, and nothing else', () => {
    expect(trackingCookieNames('_ga=GA1.1.1; theme=dark; _ga_ABC123=GS1; _gid=x; _fbp=fb.1; _gcl_au=1; kaia=1')).toEqual([
      '_ga',
      '_ga_ABC123',
      '_gid',
      '_fbp',
      '_gcl_au',
    ]);
    expect(trackingCookieNames('')).toEqual([]);
  });

  it('are expired on the host and every parent domain', () => {
    expect(cookieDomains('www.kulturhuset-kaia.example')).toEqual(['', '.www.kulturhuset-kaia.example', '.kulturhuset-kaia.example']);
    expect(cookieDomains('127.0.0.1')).toEqual(['']);
    expect(cookieDomains('localhost')).toEqual(['']);
    expect(expiryAssignments('_ga', '127.0.0.1')).toEqual(['_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/']);
  });
});
