import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../../../src/lib/content/snapshot';
import { buildRouteTable } from '../../../../src/lib/pages/routes';
import { newsArticles, newsFeed, rssXml } from '../../../../src/lib/seo/rss';
import { xmlEscape } from '../../../../src/lib/format/text';

describe('RSS escaping', () => {
  it('escapes markup and drops characters XML forbids', () => {
    expect(xmlEscape(`Tom & Jerry <b>"quoted"</b> it's\u0001`)).toBe('Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot;&lt;/b&gt; it&apos;s');
  });

  it('keeps hostile titles as text', () => {
    const xml = rssXml({
      title: 'Kaia',
      url: 'https://x.example/aktuelt',
      feedUrl: 'https://x.example/aktuelt/rss.xml',
      description: 'Nyheiter',
      items: [{ title: '</title><script>x</script>', url: 'https://x.example/a?b=1&c=2', published: new Date('2026-11-22T11:20:00Z'), description: 'a < b' }],
    });
    expect(xml).toContain('<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>');
    expect(xml).toContain('<link>https://x.example/a?b=1&amp;c=2</link>');
    expect(xml).toContain('<pubDate>Sun, 22 Nov 2026 11:20:00 GMT</pubDate>');
    expect(xml).not.toContain('<script>');
  });
});

describe('the news feed of the demo content', () => {
  const content = readSnapshot('content');
  const table = buildRouteTable(content);
  const xml = newsFeed(table, content);
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? '');

  it('lists what /aktuelt lists: news only, legal articles left out, newest first', () => {
    const news = newsArticles(table, content)!;
    const expected = content.articles
      .filter((article) => article.category === 'news' && !['personvernerklaering', 'info-om-cookies'].includes(article.slug))
      .sort((a, b) => b.createdAt - a.createdAt);
    expect(news.articles.map((article) => article.slug)).toEqual(expected.map((article) => article.slug));
    expect(items).toHaveLength(expected.length);
    expect(xml).not.toContain('personvernerklaering');
    expect(xml).not.toContain('info-om-cookies');
    const dates = items.map((item) => Date.parse(/<pubDate>(.*?)<\/pubDate>/.exec(item)?.[1] ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('is RSS 2.0 with absolute links and a self link', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain('<atom:link href="https://www.kulturhuset-kaia.example/aktuelt/rss.xml" rel="self" type="application/rss+xml"/>');
    for (const item of items) expect(item).toMatch(/<link>https:\/\/www\.kulturhuset-kaia\.example\/article\/[a-z0-9-]+<\/link>/);
  });
});
