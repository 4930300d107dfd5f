import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../../../src/lib/content/snapshot';
import { leadImage } from '../../../../src/lib/pages/lead-image';
import { pageView } from '../../../../src/lib/pages/page-view';
import { buildRouteTable } from '../../../../src/lib/pages/routes';

const site = readSnapshot(join(import.meta.dirname, '../../../../content'));
const table = buildRouteTable(site);
const viewOf = (path: string) => {
  const route = table.routes.find((candidate) => candidate.canonicalPath === path);
  if (!route) throw new Error(`no route ${path}`);
  return pageView(route, site);
};

describe('the picture the head preloads', () => {
  it('is an article’s cover image, with the candidates and sizes its <img> has', () => {
    expect(leadImage(viewOf('/article/babysvomming'))).toEqual({
      href: '/media/articles/babysvomming.webp?width=1200&height=800',
      imagesrcset: '/media/articles/babysvomming.webp?width=720&height=480 720w,/media/articles/babysvomming.webp?width=960&height=640 960w',
      imagesizes: '(min-width:48em) 34rem,92vw',
    });
  });

  it('is a film’s poster and a culture event’s picture, as their heroes draw them', () => {
    const film = leadImage(viewOf('/eit-brev-fra-lisboa-ym1hi'));
    expect(film?.href).toBe('/media/productions/eit-brev-fra-lisboa-poster.webp?width=600&height=900');
    expect(film?.imagesizes).toBe('(min-width:64em) 14rem,(min-width:48em) 13rem,7rem');
    const culture = leadImage(viewOf('/kystmonster-strikkekurs-for-nybyrjarar-2qizn'));
    expect(culture?.href).toBe('/media/productions/kystmonster-strikkekurs-for-nybyrjarar-cover.webp?width=1920&height=1080');
    expect(culture?.imagesizes).toBe('(min-width:48em) 34rem,92vw');
  });

  it('is none on a page that opens with a compact heading (a programme) or with no cover', () => {
    expect(leadImage(viewOf('/kinoprogram'))).toBeUndefined();
    expect(leadImage(viewOf('/search'))).toBeUndefined();
  });
});
