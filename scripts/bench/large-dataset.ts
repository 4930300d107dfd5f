/**
 * A large, valid dataset for the import benchmark, made from the demo content: `productions`
 * productions, `events` events spread over a year, `articles` articles. Deterministic.
 */
import type { Dataset } from '../../sandbox/server';

type Json = Record<string, unknown>;
const clone = <T>(value: T): T => structuredClone(value);

export function largeDataset(demo: Dataset, counts = { productions: 1000, events: 10_000, articles: 500 }): Dataset {
  const demoProductions = demo.productions as Json[];
  const demoArticles = demo.articles as Json[];
  const demoEvents = demo.events as Json[];

  const productions = Array.from({ length: counts.productions }, (_, n) => {
    const production = clone(demoProductions[n % demoProductions.length]!);
    const slug = `${production['parentSlug'] as string}-${n}`;
    production['id'] = `bench-prod-${n}`;
    production['parentSlug'] = slug;
    production['pageReference'] = `${slug}-${n.toString(36).padStart(5, '0')}`;
    production['title'] = `${production['title'] as string} (${n})`;
    return production;
  });
  const showing = productions.filter((production) => production['objectClass'] !== 'movie_coming');

  const start = Date.parse('2026-11-23T10:00:00+01:00');
  const events = Array.from({ length: counts.events }, (_, n) => {
    const production = showing[n % showing.length]!;
    const event = clone(demoEvents.find((candidate) => candidate['object'] === production['object'])!);
    const startsAt = new Date(start + (n % 365) * 86_400_000 + (n % 5) * 3 * 3_600_000);
    event['id'] = `bench-ev-${n}`;
    event['production'] = { pageReference: production['pageReference'] };
    event['startTime'] = startsAt.toISOString().replace(/\.000Z$/, '+00:00');
    delete event['endTime'];
    event['ticketUrl'] = `https://billett.example/kaia/event/bench-${n}`;
    return event;
  });

  const articles = Array.from({ length: counts.articles }, (_, n) => {
    const article = clone(demoArticles[n % demoArticles.length]!);
    article['id'] = `bench-art-${n}`;
    article['slug'] = `${article['slug'] as string}-${n}`;
    article['title'] = `${article['title'] as string} (${n})`;
    article['order'] = n;
    return article;
  });

  return { site: demo.site, articles, blockData: demo.blockData, productions, events };
}
