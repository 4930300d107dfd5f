/**
 * Places a page's blocks in its template grid: by row, column and order, leaving out hidden
 * blocks and blocks that point outside the grid. Also decides how the page's cover is drawn:
 * a page that lists what is on (the front page, the programmes, the film lists) or that is a
 * tool (the search) opens with what it lists or the tool, so its cover becomes a compact
 * heading without the decorative image, and its first list or tool comes before the editorial
 * text above it in its column; covers that carry meaning (articles, productions, info pages)
 * stay full.
 */
import type { Block, Page } from '../../schemas';

export interface PlacedColumn {
  span: { xs: number; md: number; lg: number };
  blocks: Block[];
}

export interface PlacedRow {
  width: 'full' | 'container';
  columns: PlacedColumn[];
}

/** 'full': heading, lead and cover image; 'heading': a compact page heading, no image. */
export type CoverStyle = 'full' | 'heading';

export interface Placement {
  rows: PlacedRow[];
  /** Blocks whose place does not exist in the template; the build reports them. */
  misplaced: Block[];
  cover: CoverStyle;
}

/**
 * The blocks a visitor comes to a page for: the lists of what is on, and the search field. A
 * page with one of them opens with it. (An article list is not one: news pages keep their cover.)
 */
const LISTING_COMPONENTS: ReadonlySet<Block['component']> = new Set(['today', 'cinema-programme', 'culture-programme', 'film-list', 'search-field']);

/**
 * A listing or search page's cover is a compact heading: its visitors come for the list or the
 * search field. A cover that shows a record of its own (an article, a production) is never made compact.
 */
export function coverStyle(blocks: readonly Block[]): CoverStyle {
  const shown = blocks.filter((block) => !block.hide);
  const cover = shown.find((block) => block.component === 'cover');
  if (!cover || cover.data.source) return 'full';
  return shown.some((block) => LISTING_COMPONENTS.has(block.component)) ? 'heading' : 'full';
}

export function placeBlocks(page: Pick<Page, 'template' | 'blocks'>): Placement {
  const rows: PlacedRow[] = page.template.rows.map((row) => ({
    width: row.width,
    columns: row.columns.map((column) => ({ span: column.span, blocks: [] })),
  }));
  const misplaced: Block[] = [];
  for (const block of page.blocks) {
    if (block.hide) continue;
    const column = rows[block.place.row]?.columns[block.place.column];
    if (column) column.blocks.push(block);
    else misplaced.push(block);
  }
  for (const row of rows) for (const column of row.columns) column.blocks.sort((a, b) => a.place.order - b.place.order);
  const cover = coverStyle(page.blocks);
  if (cover === 'heading') {
    for (const row of rows) {
      for (const column of row.columns) {
        const first = column.blocks.findIndex((block) => LISTING_COMPONENTS.has(block.component));
        if (first > 0) column.blocks.unshift(...column.blocks.splice(first, 1));
      }
    }
  }
  return { rows, misplaced, cover };
}
