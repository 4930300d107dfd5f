import { describe, expect, it } from 'vitest';
import { buildMenu, isCurrent } from '../../src/lib/site/menu';
import type { MenuItem } from '../../src/schemas';

const item = (id: string, parent: string | null, order: number, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  parent,
  label: id,
  path: `/${id}`,
  place: 'header',
  locale: 'nb',
  order,
  ...extra,
});

describe('buildMenu', () => {
  const items = [
    item('b', null, 2),
    item('a', null, 1),
    item('a2', 'a', 2),
    item('a1', 'a', 1),
    item('old', 'gone', 1),
    item('old-child', 'old', 1),
    item('foot', null, 1, { place: 'footer' }),
    item('en', null, 3, { locale: 'en' }),
  ];

  it('builds the tree for one place and locale, siblings by order', () => {
    const menu = buildMenu(items, 'header');
    expect(menu.map((node) => node.id)).toEqual(['a', 'b']);
    expect(menu[0]?.children.map((node) => node.id)).toEqual(['a1', 'a2']);
  });

  it('leaves out entries whose parent does not exist, with their children', () => {
    const ids = JSON.stringify(buildMenu(items, 'header'));
    expect(ids).not.toContain('old');
  });

  it('keeps the footer apart', () => {
    expect(buildMenu(items, 'footer').map((node) => node.id)).toEqual(['foot']);
  });

  it('marks a parent current when a child is the page', () => {
    const [a] = buildMenu(items, 'header');
    expect(isCurrent(a!, '/a2')).toBe(true);
    expect(isCurrent(a!, '/b')).toBe(false);
  });
});
