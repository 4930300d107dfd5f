/**
 * Words visitors use for the same thing: the bokmål and nynorsk forms they mix (leie, leige),
 * and a word and the compound a page uses for it (leige, utleige). The groups come from the
 * site's settings (`theme.search.wordForms` in content/config.json), not from code, so the
 * editors can add to them. Pagefind has no synonyms, so a query is searched once per
 * combination of forms and the results merged (src/lib/search/engine.ts).
 */

/** Groups of words searched as one, lower case. */
export type WordForms = readonly (readonly string[])[];

/** More combinations than this are not searched: each is one more Pagefind search. */
export const MAX_VARIANTS = 8;

/** The words of a query, lower case, split on spaces. */
export function queryWords(query: string): string[] {
  return query.toLocaleLowerCase('nn').split(/\s+/).filter(Boolean);
}

/** The forms of one word: itself first, then the others of its group (if it has one). */
export function formsOf(word: string, groups: WordForms): string[] {
  const lower = word.toLocaleLowerCase('nn');
  const group = groups.find((candidate) => candidate.some((form) => form.toLocaleLowerCase('nn') === lower));
  if (!group) return [lower];
  return [lower, ...group.map((form) => form.toLocaleLowerCase('nn')).filter((form) => form !== lower)];
}

/**
 * The queries to search for `query`: the query itself (lower case) first, then the same query
 * with words swapped for their other forms, one word at a time before two at a time, at most
 * `max` in all.
 */
export function queryVariants(query: string, groups: WordForms, max = MAX_VARIANTS): string[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const forms = words.map((word) => formsOf(word, groups));
  // Breadth first over how many words are swapped, so the nearest variants come first.
  const seen = new Set<string>();
  const variants: string[] = [];
  let frontier: number[][] = [words.map(() => 0)];
  while (frontier.length > 0 && variants.length < max) {
    const next: number[][] = [];
    for (const choice of frontier) {
      const text = choice.map((index, position) => forms[position]![index]).join(' ');
      if (seen.has(text)) continue;
      seen.add(text);
      variants.push(text);
      if (variants.length >= max) break;
      choice.forEach((index, position) => {
        if (index === 0) {
          for (let alternative = 1; alternative < forms[position]!.length; alternative += 1) {
            next.push(choice.map((value, at) => (at === position ? alternative : value)));
          }
        }
      });
    }
    frontier = next;
  }
  return variants;
}

/**
 * The searches for any one word of `query`: each word in each of its forms, nearest forms first,
 * at most `max` in all (each is one Pagefind search). Used when all the words together find
 * too little (src/lib/search/engine.ts).
 */
export function anyWordQueries(query: string, groups: WordForms, max = MAX_VARIANTS): string[] {
  const forms = queryWords(query).map((word) => formsOf(word, groups));
  const queries: string[] = [];
  // Round-robin over the words, so every word gets its own form before any gets a second one.
  for (let depth = 0; queries.length < max && forms.some((list) => depth < list.length); depth += 1) {
    for (const list of forms) {
      const form = list[depth];
      if (form !== undefined && !queries.includes(form) && queries.length < max) queries.push(form);
    }
  }
  return queries;
}

/**
 * The word forms as one short text for the island's props, 'leige,leie|kafé,kafe': Astro writes
 * props as tagged JSON in an HTML attribute, where each word of a nested list costs about 25
 * bytes of the search page (and of the offline precache) instead of its own length and one.
 * Words holding ',' or '|' (none do; the settings hold single words) are left out.
 */
export function packWordForms(groups: WordForms): string {
  return groups
    .map((group) => group.filter((word) => !/[,|]/.test(word)))
    .filter((group) => group.length > 1)
    .map((group) => group.join(','))
    .join('|');
}

/** The groups `packWordForms` packed. */
export function unpackWordForms(packed: string): WordForms {
  return packed
    .split('|')
    .map((group) => group.split(',').filter(Boolean))
    .filter((group) => group.length > 1);
}
