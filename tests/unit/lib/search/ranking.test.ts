import { describe, expect, it } from 'vitest';
import { createSearchEngine } from '../../../../src/lib/search/engine';
import { TitleMatch, mergeByScore, normaliseTitle, rerankByTitle, titleMatch } from '../../../../src/lib/search/ranking';
import { looksLikeTitle, nextTicket, parseShowings, showingsMeta } from '../../../../src/lib/search/results';
import { fakePagefind, fakeResult } from '../../../support/fake-pagefind';
import { formsOf, queryVariants } from '../../../../src/lib/search/word-forms';

const groups = [
  ['leige', 'leie', 'utleige'],
  ['opningstider', 'åpningstider'],
  ['gåvekort', 'gavekort'],
];

describe('word forms', () => {
  it('give a word its group, itself first, and a word outside every group only itself', () => {
    expect(formsOf('Leie', groups)).toEqual(['leie', 'leige', 'utleige']);
    expect(formsOf('kino', groups)).toEqual(['kino']);
  });

  it('make the query, then each word swapped, then two words swapped, at most the limit', () => {
    expect(queryVariants('Leie', groups)).toEqual(['leie', 'leige', 'utleige']);
    expect(queryVariants('leie gavekort', groups)).toEqual([
      'leie gavekort',
      'leige gavekort',
      'utleige gavekort',
      'leie gåvekort',
      'leige gåvekort',
      'utleige gåvekort',
    ]);
    expect(queryVariants('leie gavekort', groups, 2)).toEqual(['leie gavekort', 'leige gavekort']);
    expect(queryVariants('  ', groups)).toEqual([]);
    expect(queryVariants('Naustet', [])).toEqual(['naustet']);
  });
});

describe('title matches', () => {
  it('normalise case, punctuation and quotes away', () => {
    expect(normaliseTitle('«Saltvatn i konsert»: billettane er ute no!')).toBe('saltvatn i konsert billettane er ute no');
    expect(normaliseTitle('Havet gjev, havet tek')).toBe('havet gjev havet tek');
  });

  it('tell an exact title from a title begun, all words, and none', () => {
    expect(titleMatch('Naustet', 'naustet', [])).toBe(TitleMatch.Exact);
    expect(titleMatch('Utleige', 'leie', groups)).toBe(TitleMatch.Exact);
    expect(titleMatch('Alt vi ikkje sa', 'Alt vi', [])).toBe(TitleMatch.Prefix);
    expect(titleMatch('Mira og månemaskina', 'mira og måne', [])).toBe(TitleMatch.Prefix);
    expect(titleMatch('«Saltvatn i konsert»: billettane er ute no', 'Saltvatn i konsert', [])).toBe(TitleMatch.Prefix);
    expect(titleMatch('Symjekurs for born i Djupet og Flo', 'djupet symjekurs', [])).toBe(TitleMatch.Words);
    expect(titleMatch('Biblioteket', 'opningstider biblioteket', groups)).toBe(TitleMatch.Words);
    expect(titleMatch('Juleopningstider for Bassenget', 'opningstider', groups)).toBe(TitleMatch.None);
    expect(titleMatch('Naustet', '', [])).toBe(TitleMatch.None);
  });

  it('put exact titles, then titles begun, before the rest, keeping Pagefind order otherwise', () => {
    const items = ['Norsk filmveke med «Naustet»', 'Naustet kjem', 'Naustet', 'Familiefilm', 'Naust og sjø'];
    expect(rerankByTitle(items, (title) => title, 'naustet', [])).toEqual([
      'Naustet',
      'Naustet kjem',
      'Norsk filmveke med «Naustet»',
      'Familiefilm',
      'Naust og sjø',
    ]);
    // Of titles begun, the one with less besides.
    const saltvatn = ['«Saltvatn i konsert»: billettane er ute no', 'Saltvatn i konsert'];
    expect(rerankByTitle(saltvatn, (title) => title, 'saltvatn', [])).toEqual(['Saltvatn i konsert', '«Saltvatn i konsert»: billettane er ute no']);
    // Beyond the depth, Pagefind's order stands.
    expect(rerankByTitle(items, (title) => title, 'naustet', [], 2)).toEqual([
      'Naustet kjem',
      'Norsk filmveke med «Naustet»',
      'Naustet',
      'Familiefilm',
      'Naust og sjø',
    ]);
  });

  it('among titles that hold some of the words, prefer more of the query, then less besides', () => {
    const items = [
      'Slektsgransking: få hjelp i Biblioteket',
      'Juleopningstider for Bassenget, Biblioteket og Feskarn',
      'Biblioteket',
      'Opningstider i Biblioteket',
      'Kaffi',
    ];
    expect(rerankByTitle(items, (title) => title, 'opningstider biblioteket', groups)).toEqual([
      'Opningstider i Biblioteket',
      'Biblioteket',
      'Slektsgransking: få hjelp i Biblioteket',
      'Juleopningstider for Bassenget, Biblioteket og Feskarn',
      'Kaffi',
    ]);
  });

  it('merge several searches to one hit per page, best score first', () => {
    const merged = mergeByScore([
      [
        { id: 'a', score: 2 },
        { id: 'b', score: 1 },
      ],
      [
        { id: 'b', score: 5 },
        { id: 'c', score: 1 },
      ],
    ]);
    expect(merged).toEqual([
      { id: 'b', score: 5 },
      { id: 'a', score: 2 },
      { id: 'c', score: 1 },
    ]);
  });
});

describe('the engine with word forms', () => {
  it('searches every form, merges, and puts the exact title first', async () => {
    const page = (id: string, title: string, score: number) => fakeResult(id, title, score, `/${id}/`);
    const { api, searched } = fakePagefind({
      leige: [page('article/kjokken', 'Leig kjøkkenet', 3), page('lilja', 'Lilja', 2)],
      utleige: [page('lilja', 'Lilja', 4), page('utleige', 'Utleige', 1)],
    });
    const engine = createSearchEngine(() => Promise.resolve(api), groups);
    const found = await engine.search('leie', null);
    expect(searched).toEqual(['leie', 'leige', 'utleige']);
    expect(found?.hits.map((hit) => hit.id)).toEqual(['utleige', 'lilja', 'article/kjokken']);
  });
});

describe('ticket links', () => {
  const showings = [
    { start: '2026-11-23T19:00:00+01:00', ticketUrl: 'https://billett.example/1' },
    { start: '2026-11-24T18:00:00+01:00', ticketUrl: 'https://billett.example/2' },
    { start: '2026-11-27T21:15:00+01:00', ticketUrl: 'https://billett.example/3' },
  ];

  it('offer the next showing that has not started, named from the visitor’s day', () => {
    expect(nextTicket(showings, new Date('2026-11-23T10:00:00+01:00'))).toEqual({
      href: 'https://billett.example/1',
      when: 'i dag kl.\u00a019.00',
      start: '2026-11-23T19:00:00+01:00',
    });
    // The showing at 19.00 has started: the next one, tomorrow.
    expect(nextTicket(showings, new Date('2026-11-23T19:00:00+01:00'))?.when).toBe('i morgon kl.\u00a018.00');
    expect(nextTicket(showings, new Date('2026-11-25T09:00:00+01:00'))?.when).toBe('fredag 27. november kl.\u00a021.15');
    expect(nextTicket(showings, new Date('2026-11-28T00:00:00+01:00'))).toBeNull();
  });

  it('read the index’s showings, leaving out what is malformed', () => {
    expect(parseShowings(showingsMeta(showings))).toEqual(showings);
    expect(
      parseShowings(
        '[["2026-11-23T19:00:00+01:00","javascript:alert(1)"],["i morgon","https://b.example/"],["2026-11-23T19:00:00+01:00","https://b.example/x"]]',
      ),
    ).toEqual([{ start: '2026-11-23T19:00:00+01:00', ticketUrl: 'https://b.example/x' }]);
    for (const text of [undefined, '', 'nei', '{}', '[1,2]']) expect(parseShowings(text)).toEqual([]);
  });
});

describe('a query that found nothing', () => {
  it('reads like a title when quoted or capitalised, not when a question or lower case', () => {
    expect(looksLikeTitle('Titanic')).toBe(true);
    expect(looksLikeTitle('Den store stilla')).toBe(true);
    expect(looksLikeTitle('«kaldt vatn»')).toBe(true);
    expect(looksLikeTitle('xylofonverkstad')).toBe(false);
    expect(looksLikeTitle('Når opnar bassenget?')).toBe(false);
  });
});
