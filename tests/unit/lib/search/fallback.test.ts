/**
 * What search does when the visitor's words do not all match: the search for any one of them
 * (issue 37), and «Meinte du …?» for a misspelled word, from the index's own words.
 */
import { describe, expect, it } from 'vitest';
import { FEW_HITS, createSearchEngine } from '../../../../src/lib/search/engine';
import { ANY_WORD_NOTICE, FEW_ALL_WORDS_NOTICE, doneStatusText } from '../../../../src/lib/search/store';
import { editDistance, maxEdits, parseSearchWords, suggestQuery, suggestWord } from '../../../../src/lib/search/suggest';
import type { PagefindResult } from '../../../../src/lib/search/types';
import { anyWordQueries, packWordForms, unpackWordForms } from '../../../../src/lib/search/word-forms';
import { fakePagefind, fakeResult } from '../../../support/fake-pagefind';

const groups = [
  ['leige', 'leie', 'utleige'],
  ['basseng', 'symjehall', 'svømmehall'],
];

const page = (id: string, title: string, score: number) => fakeResult(id, title, score);

const ids = (hits: readonly PagefindResult[] | undefined) => hits?.map((hit) => hit.id);

describe('the search for any of the words', () => {
  it('takes each word, and then its other forms, one search each, within the limit', () => {
    expect(anyWordQueries('leie lokale', groups)).toEqual(['leie', 'lokale', 'leige', 'utleige']);
    expect(anyWordQueries('leie lokale', groups, 3)).toEqual(['leie', 'lokale', 'leige']);
    expect(anyWordQueries('kino kino', groups)).toEqual(['kino']);
    expect(anyWordQueries(' ', groups)).toEqual([]);
  });

  it('reach the island packed short, and come back the same', () => {
    expect(packWordForms(groups)).toBe('leige,leie,utleige|basseng,symjehall,svømmehall');
    expect(unpackWordForms(packWordForms(groups))).toEqual(groups);
    expect(
      packWordForms([
        ['a,b', 'c'],
        ['kafé', 'kafe', 'x|y'],
      ]),
    ).toBe('kafé,kafe');
    expect(unpackWordForms('')).toEqual([]);
  });

  it('runs when all the words together find nothing, and says so', async () => {
    const { api, searched } = fakePagefind({
      leie: [],
      leige: [page('lilja', 'Lilja', 2)],
      utleige: [page('utleige', 'Utleige', 3), page('lilja', 'Lilja', 1)],
      lokale: [page('kontakt', 'Kontakt', 1)],
    });
    const found = await createSearchEngine(() => Promise.resolve(api), groups).search('leie lokale', null);
    // First every word together, in each form; then any one of them.
    expect(searched.slice(0, 3)).toEqual(['leie lokale', 'leige lokale', 'utleige lokale']);
    expect(searched.slice(3)).toEqual(['leie', 'lokale', 'leige', 'utleige']);
    expect(found).toMatchObject({ term: 'leie lokale', allWords: 0, anyWord: true });
    expect(ids(found?.hits)).toEqual(['utleige', 'lilja', 'kontakt']);
  });

  it('keeps the pages with every word first when they are few, and adds the others after them', async () => {
    const { api } = fakePagefind({
      'leie lokale': [page('kontakt', 'Kontakt', 0.5)],
      leie: [page('utleige', 'Utleige', 9)],
      lokale: [page('kontakt', 'Kontakt', 2), page('lilja', 'Lilja', 1)],
    });
    const found = await createSearchEngine(() => Promise.resolve(api), []).search('leie lokale', null);
    expect(found).toMatchObject({ allWords: 1, anyWord: true });
    // «Utleige» scores higher and has a word of the query in its title, but only one of the words.
    expect(ids(found?.hits)).toEqual(['kontakt', 'utleige', 'lilja']);
  });

  it('does not run when all the words find enough, nor for one word', async () => {
    const enough = Array.from({ length: FEW_HITS }, (_, index) => page(`p${index}`, `Side ${index}`, 1));
    const many = fakePagefind({ 'leie lokale': enough, leie: [page('utleige', 'Utleige', 9)] });
    const found = await createSearchEngine(() => Promise.resolve(many.api), []).search('leie lokale', null);
    expect(many.searched).toEqual(['leie lokale']);
    expect(found).toMatchObject({ allWords: FEW_HITS, anyWord: false });

    const single = fakePagefind({});
    const none = await createSearchEngine(() => Promise.resolve(single.api), []).search('bibliotk', null);
    expect(single.searched).toEqual(['bibliotk']);
    expect(none).toMatchObject({ hits: [], allWords: 0, anyWord: false });
  });

  it('announces the count, then that the words were taken one at a time', () => {
    const hits = [1, 2];
    expect(doneStatusText({ term: 'leie lokale', hits, allWords: 0, anyWord: true })).toBe(`2 treff på «leie lokale». ${ANY_WORD_NOTICE}`);
    expect(ANY_WORD_NOTICE).toBe('Ingen treff på alle orda; viser treff på eitt av dei.');
    expect(doneStatusText({ term: 'leie lokale', hits, allWords: 1, anyWord: true })).toBe(`2 treff på «leie lokale». ${FEW_ALL_WORDS_NOTICE}`);
    expect(doneStatusText({ term: 'basseng', hits, allWords: 2, anyWord: false })).toBe('2 treff på «basseng».');
    expect(doneStatusText({ term: 'bibliotk', hits: [], allWords: 0, anyWord: false })).toBe('Ingen treff på «bibliotk».');
  });
});

describe('«Meinte du …?»', () => {
  it('counts letters inserted, deleted, replaced and neighbours swapped as one edit each', () => {
    expect(editDistance('bibliotk', 'bibliotek')).toBe(1);
    expect(editDistance('biblitoek', 'bibliotek')).toBe(1);
    expect(editDistance('svømmehal', 'svømmehall')).toBe(1);
    expect(editDistance('kino', 'kafe')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('basseng', 'basseng')).toBe(0);
    expect(editDistance('ca', 'abc')).toBe(3);
    expect(maxEdits(5)).toBe(1);
    expect(maxEdits(8)).toBe(2);
  });

  const known = ['biblioteket', 'bibliotek', 'basseng', 'bassenget', 'kinoprogram', 'kino', 'utleige', 'lokale', 'kulturprogram'];

  it('suggests the nearest known word, the nearest in length on a tie, and nothing for a known or far word', () => {
    expect(suggestWord('bibliotk', known)).toBe('bibliotek');
    expect(suggestWord('Bibliotekt', known)).toBe('biblioteket');
    expect(suggestWord('bassemg', known)).toBe('basseng');
    expect(suggestWord('kinoprgram', known)).toBe('kinoprogram');
    expect(suggestWord('bibliotek', known)).toBeNull();
    expect(suggestWord('xylofonverkstad', known)).toBeNull();
    // Four letters allow one edit; shorter words are left alone (too many words are one letter away).
    expect(suggestWord('kine', known)).toBe('kino');
    expect(suggestWord('kin', known)).toBeNull();
    // Seven letters allow one edit only.
    expect(suggestWord('basxxng', known)).toBeNull();
  });

  it('corrects the misspelled words of a query and keeps the others, or says nothing', () => {
    expect(suggestQuery('leige lokale', known)).toBeNull();
    expect(suggestQuery('Utleige lokle', known)).toBe('utleige lokale');
    expect(suggestQuery('bibliotk', known)).toBe('bibliotek');
    expect(suggestQuery('xylofonverkstad', known)).toBeNull();
    expect(suggestQuery('', known)).toBeNull();
  });

  it('reads the word list, ignoring what is not a word', () => {
    expect(parseSearchWords(['Kino', 3, '', null, 'bassenget'])).toEqual(['kino', 'bassenget']);
    expect(parseSearchWords({ words: [] })).toEqual([]);
  });
});
