/**
 * Enhances the server-rendered header: the search button that opens the search field on a
 * phone, the film club's link copied into the menu (a phone shows it there, not in the header's
 * row), the mobile menu button, and submenus (native
 * <details>) that close on Escape, on a click elsewhere, and when another one opens.
 * Without JavaScript the menu is shown open, on a phone as a compact row of links that wraps
 * (global.css), and the submenus still work.
 */
export function enhanceSiteHeader(root: Document): void {
  const toggle = root.querySelector<HTMLButtonElement>('.menu-toggle');
  const nav = root.getElementById('hovudmeny');
  const groups = [...root.querySelectorAll<HTMLDetailsElement>('.site-nav__group')];
  const searchToggle = root.querySelector<HTMLButtonElement>('.search-toggle');
  const search = root.getElementById('header-search');

  const filmclub = root.querySelector<HTMLAnchorElement>('.site-header__bar [data-filmclub-status]');
  const list = nav?.querySelector('.site-nav__list');
  if (filmclub && list) {
    const item = root.createElement('li');
    item.className = 'site-nav__filmclub';
    const copy = filmclub.cloneNode(true) as HTMLAnchorElement;
    copy.className = '';
    // A copy the film-club status keeps in step too (src/scripts/filmclub-status.ts).
    delete copy.dataset['filmclubStatus'];
    copy.dataset['filmclubStatusCopy'] = '';
    item.append(copy);
    list.append(item);
  }

  // Without JavaScript the field is always shown; with it, a phone shows the button instead (global.css).
  if (searchToggle && search) {
    searchToggle.hidden = false;
    searchToggle.addEventListener('click', () => {
      const open = searchToggle.getAttribute('aria-expanded') !== 'true';
      searchToggle.setAttribute('aria-expanded', String(open));
      search.classList.toggle('is-open', open);
      if (open) search.querySelector('input')?.focus();
    });
    search.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || searchToggle.getAttribute('aria-expanded') !== 'true') return;
      event.stopPropagation();
      searchToggle.click();
      searchToggle.focus();
    });
  }

  toggle?.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    nav?.classList.toggle('is-open', open);
  });

  for (const group of groups) {
    group.addEventListener('toggle', () => {
      if (group.open) for (const other of groups) if (other !== group) other.open = false;
    });
  }

  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = groups.find((group) => group.open);
    if (open) {
      open.open = false;
      open.querySelector('summary')?.focus();
    } else if (toggle && nav?.classList.contains('is-open')) {
      toggle.click();
      toggle.focus();
    }
  });

  root.addEventListener('click', (event) => {
    for (const group of groups) if (group.open && !group.contains(event.target as Node)) group.open = false;
  });
}
