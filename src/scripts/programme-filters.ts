/**
 * Programme filters with JavaScript (the page works without; see src/lib/programme/filter-state.ts).
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
import type { AgeLimit } from '../schemas/age-limits';
import { activeCount, facetPath, isActive, parseQuery, queryString, type FacetKey, type FilterState, type ProgrammeKind } from '../lib/programme/filter-state';
import { matchesFilter, type ShowingFacts } from '../lib/programme/showing-facts';
import { resultText } from '../lib/programme/filter-labels';
import type { ListMessage } from '../lib/programme/list-message';
import { capitalise } from '../lib/format/text';
import { addDays, formatDayName, nextDay, osloDay } from '../lib/format/time';
import { refreshProgramme } from './live-programme';

/** A showing's facts, from its film or event (the group around its time button). */
function factsOf(row: HTMLElement): ShowingFacts | null {
  const element = row.closest<HTMLElement>('[data-age]');
  if (!element) return null;
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
  const summary = nav.querySelector<HTMLElement>('[data-filter-summary]');
  // Days after the horizon are not on this page: their links keep to the day's own page, where
  // the build made one (the date picker links each). A day it holds nothing for (long after the
  // build, 'I dag') is filtered in place, where the programme says whether it is out of date.
  const until = nav.dataset['until'];
  const dayPages = new Set<string>();
  const beyond = (facet: FacetKey, value: string) => facet === 'dag' && until !== undefined && value > until && dayPages.has(value);
  let state: FilterState = full ? parseQuery(kind, window.location.search) : (JSON.parse(nav.dataset['state'] ?? '{}') as FilterState);

  // The date picker's links carry only their href (a year of them would weigh on every page):
  // they become day filters here, with the day read from the link.
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('[data-day-links] a')) {
    const day = /(\d{4}-\d{2}-\d{2})\/?$/.exec(link.pathname)?.[1];
    if (day) {
      Object.assign(link.dataset, { filter: 'dag', value: day });
      dayPages.add(day);
    }
  }
  const today = osloDay(new Date());
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[data-relative-day]')) {
    link.dataset['value'] = link.dataset['relativeDay'] === '1' ? nextDay(today) : today;
  }
  const relativeDays = new Set([today, nextDay(today)]);

  const hrefFor = (facet: FacetKey, value: string) =>
    beyond(facet, value) ? facetPath(base, facet, value) : `${base}${queryString(kind, withChoice(state, facet, value))}`;

  const count = () => {
    if (!programme || !status) return;
    // What the live refresh decided the list says (src/scripts/live-programme.ts): beside the out-of-date note, no count.
    const message = (programme.dataset['listMessage'] ?? 'listed') as ListMessage;
    const text = resultText(kind, programme.querySelectorAll('[data-starts]:not([hidden])').length, message);
    if (status.textContent !== (text ?? '')) status.textContent = text ?? '';
    if (status.hidden !== (text === null)) status.hidden = text === null;
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
    if (summary) {
      const chosen = activeCount(kind, state);
      summary.textContent = chosen > 0 ? `Filter (${chosen})` : 'Filter';
    }
    count();
  };

  if (full) {
    nav.addEventListener('click', (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest<HTMLAnchorElement>('a[data-filter], a[data-filter-reset]');
      if (!link) return;
      // A day beyond the horizon opens its own page.
      if (beyond(link.dataset['filter'] as FacetKey, link.dataset['value'] ?? '')) return;
      event.preventDefault();
      state = link.hasAttribute('data-filter-reset') ? {} : withChoice(state, link.dataset['filter'] as FacetKey, link.dataset['value'] ?? '');
      window.history.pushState(null, '', `${base}${queryString(kind, state)}`);
      render();
      const picker = link.closest<HTMLDetailsElement>('details.date-picker');
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

  // A shared link to a day beyond the horizon: that day's own page holds its showings.
  if (full && state.dag !== undefined && beyond('dag', state.dag)) {
    window.location.replace(facetPath(base, 'dag', state.dag));
    return;
  }
  enhanceDatePicker(nav);
  render();
  // Showings hidden later by the live refresh (they started) change the count too.
  if (programme) new MutationObserver(count).observe(programme, { subtree: true, attributes: true, attributeFilter: ['hidden', 'data-list-message'] });
}

const ARROW_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The date picker as a keyboard grid: one of its day links is in the tab order (the chosen day,
 * else the first), arrow keys move between days with showings (left/right a day, up/down a
 * week; days without showings are skipped to the nearest with), Home/End to the first and last.
 * Each link's name is the full date, so the move is announced. Escape closes the picker and
 * returns focus to its button; the picker says so, and which keys move (visible with JavaScript only,
 * and linked to every day link with aria-describedby).
 */
function enhanceDatePicker(nav: HTMLElement): void {
  const grid = nav.querySelector<HTMLElement>('[data-day-links]');
  if (!grid) return;
  const picker = grid.closest<HTMLDetailsElement>('details.date-picker');
  picker?.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !picker.open) return;
    event.preventDefault();
    event.stopPropagation();
    picker.open = false;
    picker.querySelector('summary')?.focus();
  });
  const links = [...grid.querySelectorAll<HTMLAnchorElement>('a')].filter((link) => link.dataset['value']);
  if (links.length === 0) return;
  const days = links.map((link) => link.dataset['value'] ?? '');
  // The key hint, shown with JavaScript only, is read with the day a screen reader lands on.
  const hint = picker?.querySelector<HTMLElement>('.date-picker__keys');
  if (hint?.id) for (const link of links) link.setAttribute('aria-describedby', hint.id);
  const focusable = (target: HTMLAnchorElement) => {
    for (const link of links) link.tabIndex = link === target ? 0 : -1;
  };
  focusable(links.find((link) => link.getAttribute('aria-current') === 'true') ?? links[0]!);
  grid.addEventListener('keydown', (event) => {
    const from = event.target instanceof HTMLAnchorElement ? links.indexOf(event.target) : -1;
    if (from === -1 || event.altKey || event.ctrlKey || event.metaKey) return;
    let to = -1;
    if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = links.length - 1;
    else if (event.key in ARROW_STEPS) {
      const step = ARROW_STEPS[event.key]!;
      if (Math.abs(step) === 1) to = Math.min(links.length - 1, Math.max(0, from + step));
      else {
        const wanted = addDays(days[from]!, step);
        const later = days.findIndex((day) => day >= wanted);
        const earlier = days.filter((day) => day <= wanted).length - 1;
        to = step > 0 ? later : earlier;
        if (to === -1) to = from;
      }
    } else return;
    event.preventDefault();
    const target = links[to]!;
    focusable(target);
    target.focus();
  });
}

let started = false;

export function enhanceProgrammeFilters(root: Document): void {
  if (started) return;
  started = true;
  for (const nav of root.querySelectorAll<HTMLElement>('[data-programme-filters]')) setup(nav);
}
