/**
 * Figures the docs state about the code, held to the code: a doc once said the film panel shows
 * the first five reviews while the panel showed two (issue 37).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('figures in the docs', () => {
  it('say as many first reviews on a film’s panel as the panel shows', () => {
    const shown = Number(/export const FIRST_REVIEWS = (\d+);/.exec(read('src/components/filmclub/FilmClubPanel.tsx'))?.[1]);
    const said = /the first\s+(\w+)\s+reviews/.exec(read('docs/site/film-club.md'))?.[1] ?? '';
    expect(shown).toBeGreaterThan(0);
    expect(NUMBER_WORDS.indexOf(said), `docs/site/film-club.md says «the first ${said} reviews»`).toBe(shown);
  });
});
