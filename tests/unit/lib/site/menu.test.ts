import { describe, expect, it } from 'vitest';
import { buildMenu, headerMenu, isCurrent, MORE_LABEL, type MenuNode } from '../../../../src/lib/site/menu';
import type { MenuItem } from '../../../../src/schemas';

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

describe('headerMenu', () => {
  const node = (label: string, path = `/${label.toLowerCase()}`, children: MenuNode[] = []): MenuNode => ({
    id: label,
    label,
    path,
    openInNewWindow: false,
    children,
  });

  it('puts the entries of a group that opens one of its own pages at the first level (Kinoprogram one tap away)', () => {
    const tree = [node('Kulturprogram'), node('Kino', '/kinoprogram', [node('Kinoprogram', '/kinoprogram'), node('Filmoversikt')]), node('Bassenget')];
    expect(headerMenu(tree).map((entry) => entry.label)).toEqual(['Kulturprogram', 'Kinoprogram', 'Filmoversikt', 'Bassenget']);
  });

  it('keeps other groups as they are', () => {
    const group = node('Om oss', '/om', [node('Historie'), node('Tilsette')]);
    expect(headerMenu([group])).toEqual([group]);
  });

  it('moves what does not fit one line into a last group «Meir», in order', () => {
    const tree = ['Aaaaaaaaaa', 'Bbbbbbbbbb', 'Cccccccccc', 'Dddddddddd'].map((label) => node(label));
    // Each entry is 10 × 0.56 + 1.5 = 7.1 em: two fit into 15 em.
    const menu = headerMenu(tree, { room: 15 });
    expect(menu.map((entry) => entry.label)).toEqual(['Aaaaaaaaaa', 'Bbbbbbbbbb', MORE_LABEL]);
    expect(menu[2]!.children.map((entry) => entry.label)).toEqual(['Cccccccccc', 'Dddddddddd']);
    expect(headerMenu(tree, { room: 100 }).map((entry) => entry.label)).toEqual(tree.map((entry) => entry.label));
  });

  it('fits the demo menu on one line at 1280 px with the programmes first', () => {
    const labels = headerMenu(
      ['Kulturprogram', 'Kinoprogram', 'Filmoversikt', 'Biblioteket', 'Bassenget', 'Aukra kulturskole', 'BUA', 'Utleige', 'Om huset', 'Gåvekort'].map((label) =>
        node(label),
      ),
    ).map((entry) => entry.label);
    expect(labels.slice(0, 2)).toEqual(['Kulturprogram', 'Kinoprogram']);
    expect(labels.at(-1)).toBe(MORE_LABEL);
  });
});
