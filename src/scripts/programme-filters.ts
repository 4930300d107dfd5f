/**
 * Programme filters with JavaScript (the page works without; see src/lib/programme/filters.ts).
 *
 * On the full programme page (/kinoprogram, /kulturprogram) a filter link no longer opens the
 * generated page of one filter: filters combine in place, showings that do not match are
 * hidden, the state goes into the query string (pushState; back and forward work) and the
 * number of results is announced through the live region. On a generated filter page the
 * links lead to the full page with the combined query instead.
 *
 * 'I dag' and 'I morgon' follow the visitor's clock, like the day headings
 * (src/scripts/live-programme.ts, whose refresh also hides showings that have started).
 */
import type { AgeLimit } from '../schemas';
import {
  countText,
  isActive,
  matchesFilter,
  parseQuery,
  queryString,
  type FacetKey,
  type FilterState,
  type ProgrammeKind,
  type ShowingFacts,
} from '../lib/programme/filters';
import { capitalise } from '../lib/format/text';
import { formatDayName, nextDay, osloDay } from '../lib/format/time';
import { refreshProgramme } from './live-programme';

function factsOf(element: HTMLElement): ShowingFacts | null {
  const { day, categories, age } = element.dataset;
  if (!day || age === undefined) return null;
  return { day, categories: (categories ?? '').split(' ').filter(Boolean), age: (age === 'a' ? 'A' : age) as AgeLimit };
}

function withChoice(state: FilterState, facet: FacetKey, value: string): FilterState {
  const next: FilterState = { ...state };
  if (value) next[facet] = value;
  else delete next[facet];
  return next;
}


function setup(nav: HTMLElement): void {
  const kind = nav.dataset['kind'] as ProgrammeKind;
  const base = nav.dataset['base'] ?? '/';
  const full = nav.hasAttribute('data-full');
  const programme = nav.closest<HTMLElement>('[data-programme]');
  const status = nav.querySelector<HTMLElement>('[data-filter-count]');
  const chosenDay = nav.querySelector<HTMLElement>('[data-chosen-day]');
  const reset = nav.querySelector<HTMLAnchorElement>('[data-filter-reset]');
  let state: FilterState = full ? parseQuery(kind, window.location.search) : (JSON.parse(nav.dataset['state'] ?? '{}') as FilterState);

  // The date picker's links carry only their href (a year of them would weigh on every page):
  // they become day filters here, with the day read from the link.
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('[data-day-links] a')) {
    const day = /(\d{4}-\d{2}-\d{2})\/?$/.exec(link.pathname)?.[1];
    if (day) Object.assign(link.dataset, { filter: 'dag', value: day });
  }
  const today = osloDay(new Date());
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[data-relative-day]')) {
    link.dataset['value'] = link.dataset['relativeDay'] === '1' ? nextDay(today) : today;
  }
  const relativeDays = new Set([today, nextDay(today)]);

  const hrefFor = (facet: FacetKey, value: string) => `${base}${queryString(kind, withChoice(state, facet, value))}`;

  const count = () => {
    if (!programme || !status) return;
    const text = countText(kind, programme.querySelectorAll('[data-starts]:not([hidden])').length);
    if (status.textContent !== text) status.textContent = text;
  };

  const render = () => {
    if (full && programme) {
      for (const row of programme.querySelectorAll<HTMLElement>('[data-starts]')) {
        const facts = factsOf(row);
        row.hidden = facts !== null && !matchesFilter(facts, state);
      }
      // Hides again what has started, and the day groups and empty note to match.
      refreshProgramme(document, Date.now());
    }
    const active = isActive(state);
    for (const note of programme?.querySelectorAll<HTMLElement>('[data-empty-filtered]') ?? []) note.hidden = !active;
    for (const note of programme?.querySelectorAll<HTMLElement>('[data-empty-all]') ?? []) note.hidden = active;

    if (chosenDay) {
      const day = state.dag;
      const show = day !== undefined && !relativeDays.has(day);
      chosenDay.hidden = !show;
      const link = chosenDay.querySelector<HTMLAnchorElement>('a');
      if (link && show && day) {
        link.dataset['value'] = day;
        link.textContent = capitalise(formatDayName(day));
      }
    }
    for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[data-filter]')) {
      const facet = link.dataset['filter'] as FacetKey;
      const value = link.dataset['value'] ?? '';
      link.href = hrefFor(facet, value);
      if ((state[facet] ?? '') === value) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    if (reset) {
      reset.hidden = !active;
      reset.href = base;
    }
    count();
  };

  if (full) {
    nav.addEventListener('click', (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest<HTMLAnchorElement>('a[data-filter], a[data-filter-reset]');
      if (!link) return;
      event.preventDefault();
      state = link.hasAttribute('data-filter-reset') ? {} : withChoice(state, link.dataset['filter'] as FacetKey, link.dataset['value'] ?? '');
      window.history.pushState(null, '', `${base}${queryString(kind, state)}`);
      render();
      const picker = link.closest('details');
      if (picker) {
        // A date was picked: close the picker and keep focus on the chosen day.
        picker.open = false;
        chosenDay?.querySelector<HTMLAnchorElement>('a')?.focus();
      } else if (link.hidden || link.closest('[hidden]')) {
        nav.querySelector<HTMLAnchorElement>('a[data-filter]')?.focus();
      }
    });
    window.addEventListener('popstate', () => {
      state = parseQuery(kind, window.location.search);
      render();
    });
  }

  render();
  // Showings hidden later by the live refresh (they started) change the count too.
  if (programme) new MutationObserver(count).observe(programme, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
}

let started = false;

export function enhanceProgrammeFilters(root: Document): void {
  if (started) return;
  started = true;
  for (const nav of root.querySelectorAll<HTMLElement>('[data-programme-filters]')) setup(nav);
}
