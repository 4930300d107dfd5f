/** The facts about a production as term/value pairs, in the order visitors scan them. */
import type { Production } from '../../schemas';
import { ageLimitValue, companionRule } from '../films/age-limit';
import { capitalise } from '../format/text';
import { formatDate } from '../format/time';

export interface Fact {
  term: string;
  value: string;
}

export function describeFeatures(production: Production): Fact[] {
  if (production.object === 'movie') {
    const f = production.features;
    const companion = companionRule(f.ageLimit);
    const facts: Fact[] = [
      { term: 'Aldersgrense', value: ageLimitValue(f.ageLimit) + (companion !== null ? ` (${companion})` : '') },
      { term: 'Lengd', value: `${f.runtimeMinutes} minutt` },
      { term: 'Sjanger', value: f.genres.join(', ') },
      { term: 'Språk', value: f.language },
      { term: 'Teksting', value: f.subtitles ?? 'Ingen teksting' },
      { term: 'Premiere', value: formatDate(`${f.premiere}T12:00:00Z`) },
    ];
    if (f.director) facts.push({ term: 'Regi', value: f.director });
    if (f.cast?.length) facts.push({ term: 'Skodespelarar', value: f.cast.join(', ') });
    if (f.origin) facts.push({ term: 'Land og år', value: f.origin });
    return facts;
  }
  const f = production.features;
  const facts: Fact[] = [
    { term: 'Kategori', value: capitalise(f.category) },
    { term: 'Stad', value: f.hall },
    { term: 'Pris', value: f.price },
  ];
  if (f.ageLimit) facts.push({ term: 'Aldersgrense', value: ageLimitValue(f.ageLimit) });
  if (f.durationMinutes) facts.push({ term: 'Varigheit', value: `${f.durationMinutes} minutt` });
  if (f.performer) facts.push({ term: 'Medverkande', value: f.performer });
  return facts;
}
