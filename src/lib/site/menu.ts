/** Builds the visible menu tree from the flat menu items. */
import type { MenuItem } from '../../schemas';

export interface MenuNode {
  id: string;
  label: string;
  path: string;
  openInNewWindow: boolean;
  children: MenuNode[];
}

/**
 * The tree for one place and locale, siblings by order. Entries whose parent is not in the
 * same menu are left out with their children: the data keeps older entries from another
 * house's template under a parent that no longer exists.
 */
export function buildMenu(items: MenuItem[], place: MenuItem['place'], locale = 'nb'): MenuNode[] {
  const candidates = items.filter((item) => item.place === place && item.locale === locale);
  const childrenOf = (parent: string | null): MenuNode[] =>
    candidates
      .filter((item) => item.parent === parent)
      .sort((a, b) => a.order - b.order)
      .map((item) => ({
        id: item.id,
        label: item.label,
        path: item.path,
        openInNewWindow: item.openInNewWindow ?? false,
        children: childrenOf(item.id),
      }));
  return childrenOf(null);
}

/** Whether a menu entry, or one of its children, is the current page. */
export function isCurrent(node: MenuNode, currentPath: string): boolean {
  return node.path === currentPath || node.children.some((child) => isCurrent(child, currentPath));
}

/** The label of the group that holds the entries a wide screen has no room for. */
export const MORE_LABEL = 'Meir';

/**
 * Room for the header menu's first level on one line of a 1280 px screen, in em of the menu's
 * text: the 72 rem measure less the list's padding and the «Meir» group. An entry takes about
 * 0.56 em per character of its label plus 1.5 em of padding (estimateWidth).
 */
export const HEADER_MENU_ROOM_EM = 62;

function estimateWidth(node: MenuNode): number {
  return node.label.length * 0.56 + (node.children.length > 0 ? 2.5 : 1.5);
}

/**
 * The header's menu as it is drawn: every page one tap from the first level where it can be.
 * - A group that opens the page of one of its own entries (Kino → Kinoprogram) gives way to its
 *   entries at the first level, when it has no more than `flattenUpTo` of them;
 * - the first level takes as many entries, in order, as fit `room` (em) on one line; the rest go
 *   into a last group, «Meir».
 */
export function headerMenu(tree: MenuNode[], { room = HEADER_MENU_ROOM_EM, flattenUpTo = 3 } = {}): MenuNode[] {
  const flat = tree.flatMap((node) =>
    node.children.length > 0 && node.children.length <= flattenUpTo && node.children.some((child) => child.path === node.path) ? node.children : [node],
  );
  let used = 0;
  const shown: MenuNode[] = [];
  for (const [index, node] of flat.entries()) {
    used += estimateWidth(node);
    if (used > room) {
      const rest = flat.slice(index).flatMap((entry) => (entry.children.length > 0 ? entry.children : [entry]));
      return [...shown, { id: 'meir', label: MORE_LABEL, path: '', openInNewWindow: false, children: rest }];
    }
    shown.push(node);
  }
  return shown;
}
