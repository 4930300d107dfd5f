/**
 * The demo content is a believable house: its references hold, its texts are safe to render
 * as they are, and it carries the facts of SPEC §9 exactly.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../../src/lib/content/snapshot';
import { productionOf } from '../../../src/lib/programme/programme';
// What scripts/generate-images.mjs draws, and the sentence describing it.
import { scene } from '../../../scripts/demo-images/scenes.mjs';

const content = readSnapshot('content');

describe('the demo content', () => {
  it('points every block at block-data and sources that exist', () => {
    const blockDataIds = new Set(content.blockData.map((record) => record.id));
    const problems: string[] = [];
    for (const page of content.pages) {
      const sources = new Set(page.sources.map((source) => source.name));
      for (const block of page.blocks) {
        for (const id of block.data.ids) if (!blockDataIds.has(id)) problems.push(`${page.id}/${block.id}: no block-data ${id}`);
        if (block.data.source && !sources.has(block.data.source)) problems.push(`${page.id}/${block.id}: no source ${block.data.source}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('leaves the one h1 to the page, and has no script in its HTML', () => {
    const html = [
      ...content.blockData.flatMap((record) => (record.type === 'content' ? [record.html] : [])),
      ...content.articles.map((article) => article.content),
      ...content.productions.map((production) => production.contents[0]?.body ?? ''),
    ];
    for (const text of html) {
      expect(text).not.toMatch(/<h1[\s>]/i);
      expect(text).not.toMatch(/<script|\son\w+=|javascript:/i);
    }
  });

  it('has an image file for every image it names', () => {
    const urls = [
      ...content.blockData.flatMap((record) => (record.type === 'cover' ? [record.image.url] : [])),
      ...content.articles.flatMap((article) => [article.image?.url, article.thumbnail?.url]),
      ...content.productions.flatMap((production) => production.assets.map((asset) => asset.url)),
    ].filter((url): url is string => Boolean(url));
    expect(urls.filter((url) => !existsSync(`public${url}`))).toEqual([]);
  });

  it('describes every demo image as it is drawn, with no text painted in (npm run images -- --alts)', () => {
    const images = [
      ...content.blockData.flatMap((record) => (record.type === 'cover' ? [record.image] : [])),
      ...content.articles.flatMap((article) => [article.image, article.thumbnail]),
      ...content.productions.flatMap((production) => production.assets),
    ].filter((image) => image?.url.startsWith('/media/'));
    expect(images.length).toBeGreaterThan(100);
    const wrong = images.flatMap((image) => {
      if (!image) return [];
      const drawn = scene(image.url, image.width, image.height);
      const problems = [];
      if (image.alt !== drawn.alt) problems.push(`${image.url}: alt «${image.alt}», drawn «${drawn.alt}»`);
      if (/<text[\s>]/.test(drawn.svg)) problems.push(`${image.url}: text painted in`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('links every event to a production of the same kind, and coming films have none', () => {
    for (const event of content.events) {
      const production = productionOf(event, content.productions);
      expect(production, event.id).toBeDefined();
      expect(production?.object, event.id).toBe(event.object);
      expect(production?.objectClass, event.id).not.toBe('movie_coming');
    }
  });

  it('has the films and productions the programme needs', () => {
    const count = (predicate: (p: (typeof content.productions)[number]) => boolean) => content.productions.filter(predicate).length;
    expect(count((p) => p.objectClass === 'movie')).toBeGreaterThanOrEqual(8);
    expect(count((p) => p.objectClass === 'movie_coming')).toBeGreaterThanOrEqual(4);
    expect(count((p) => p.object === 'culture')).toBeGreaterThanOrEqual(8);
  });

  it('has every article SPEC §2 names, and about thirty more', () => {
    const slugs = content.articles.map((article) => article.slug);
    for (const slug of [
      'personvernerklaering',
      'info-om-cookies',
      'demenskoret-nordavind',
      'maleklubben',
      'utstillingar',
      'laurdagskaf',
      'sommarkaf',
      'danza',
      'babysvomming',
      'digital-kaf',
      'aukra-historielag',
      'barseltreff',
    ])
      expect(slugs).toContain(slug);
    expect(slugs.length).toBeGreaterThanOrEqual(40);
  });

  it('carries the content facts of SPEC §9', () => {
    const text = (slug: string) => content.articles.find((article) => article.slug === slug)?.content ?? '';
    const everything = [
      ...content.articles.map((article) => article.content),
      ...content.productions.map((production) => `${production.contents[0]?.body} ${production.object === 'culture' ? production.features.price : ''}`),
      ...content.blockData.map((record) => (record.type === 'content' ? record.html : '')),
    ].join('\n');
    expect(text('aukra-historielag')).toMatch(/200 kr/);
    expect(text('danza')).toMatch(/40 kr/);
    expect(text('babysvomming')).toMatch(/33 grader/);
    expect(text('sommarkaf')).toMatch(/11[–-]15/);
    expect(text('sommarkaf')).toMatch(/22\. juni/);
    expect(text('sommarkaf')).toMatch(/3\. august/);
    expect(everything).toMatch(/100 kr/);
    expect(everything).toMatch(/50 kr/);
    expect(everything).toMatch(/20 (personar|deltakarar|deltakrar|stykk)/);
    expect(everything).toMatch(/250 kr/);
    expect(everything).toMatch(/350 kr/);
    expect(everything).toMatch(/450 kr/);
    expect(everything).toMatch(/legitimasjon/i);
  });
});
