/**
 * Places a page's blocks in its template grid: by row, column and order, leaving out hidden
 * blocks and blocks that point outside the grid. A production page's film-club block
 * (movie-info) goes beside the cover instead, when the cover shows the same production: the
 * page's hero carries it above the fold.
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

export interface Placement {
  rows: PlacedRow[];
  /** Blocks whose place does not exist in the template; the build reports them. */
  misplaced: Block[];
  /** Blocks drawn inside the cover, beside its heading (the film club on a film page). */
  coverAside: Block[];
}

/** Whether a block goes into the cover's aside: movie-info of the production the cover shows. */
function besideCover(block: Block, blocks: readonly Block[]): boolean {
  if (block.component !== 'movie-info' || !block.data.source) return false;
  return blocks.some((other) => other.component === 'cover' && !other.hide && other.data.source === block.data.source);
}

export function placeBlocks(page: Pick<Page, 'template' | 'blocks'>): Placement {
  const rows: PlacedRow[] = page.template.rows.map((row) => ({
    width: row.width,
    columns: row.columns.map((column) => ({ span: column.span, blocks: [] })),
  }));
  const misplaced: Block[] = [];
  const coverAside: Block[] = [];
  for (const block of page.blocks) {
    if (block.hide) continue;
    if (besideCover(block, page.blocks)) {
      coverAside.push(block);
      continue;
    }
    const column = rows[block.place.row]?.columns[block.place.column];
    if (column) column.blocks.push(block);
    else misplaced.push(block);
  }
  for (const row of rows) for (const column of row.columns) column.blocks.sort((a, b) => a.place.order - b.place.order);
  return { rows, misplaced, coverAside };
}
