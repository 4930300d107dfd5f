/**
 * Enhances the server-rendered header: the mobile menu button, and submenus (native
 * <details>) that close on Escape, on a click elsewhere, and when another one opens.
 * Without JavaScript the menu is shown open, on a phone as a compact row of links that wraps
 * (global.css), and the submenus still work.
 */
export function enhanceSiteHeader(root: Document): void {
  const toggle = root.querySelector<HTMLButtonElement>('.menu-toggle');
  const nav = root.getElementById('hovudmeny');
  const groups = [...root.querySelectorAll<HTMLDetailsElement>('.site-nav__group')];

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
