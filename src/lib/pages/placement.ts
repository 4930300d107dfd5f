/**
 * Places a page's blocks in its template grid: by row, column and order, leaving out hidden
 * blocks and blocks that point outside the grid.
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
  return { rows, misplaced };
}
