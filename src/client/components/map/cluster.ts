// Marker clustering on a pixel grid (Leaflet has none built in): at a zoom
// level, points whose projected positions fall into the same square cell
// form one group. Cheap enough to redo on every move for a few thousand
// points, and stable while panning (cells are fixed in the world's pixel
// space, not the screen's), so a marker under the visitor's focus survives a pan.

export interface GridPoint {
  x: number;
  y: number;
}

export interface Group<T> {
  /** Stable for the same members in the same cell at the same zoom. */
  key: string;
  members: T[];
}

/**
 * The groups of `items` on a grid of `cellSize` pixels. A group of one is a
 * marker, larger ones are clusters; their order follows the first member's
 * order in `items`.
 */
export function gridCluster<T>(items: readonly T[], project: (item: T) => GridPoint, cellSize: number): Array<Group<T>> {
  const cells = new Map<string, T[]>();
  for (const item of items) {
    const { x, y } = project(item);
    const cell = `${Math.floor(x / cellSize)}:${Math.floor(y / cellSize)}`;
    const members = cells.get(cell);
    if (members) members.push(item);
    else cells.set(cell, [item]);
  }
  return [...cells].map(([cell, members]) => ({ key: `${cell}:${members.length}`, members }));
}
