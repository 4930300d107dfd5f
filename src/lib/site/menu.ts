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
