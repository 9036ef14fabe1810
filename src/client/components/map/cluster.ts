// Marker clustering on a pixel grid (Leaflet has none built in): at a zoom
// level, points whose projected positions fall into the same square cell
// form one group; then a group whose centre lies within `cellSize / 2` of a
// neighbouring cell's group takes it in, so two clusters never sit on top of
// each other across a cell border. Cheap enough to redo on every move for a
// few thousand points (each group looks at its eight neighbours only), and
// stable while panning: cells are fixed in the world's pixel space, not the
// screen's, so a marker under the visitor's focus survives a pan.

export interface GridPoint {
  x: number;
  y: number;
}

export interface Group<T> {
  /** Stable for the same members in the same cells at the same zoom. */
  key: string;
  members: T[];
}

interface Cell<T> {
  key: string;
  cx: number;
  cy: number;
  members: T[];
  x: number;
  y: number;
  merged: boolean;
}

/**
 * The groups of `items` on a grid of `cellSize` pixels. A group of one is a
 * marker, larger ones are clusters; their order follows the first member's
 * order in `items`.
 */
export function gridCluster<T>(items: readonly T[], project: (item: T) => GridPoint, cellSize: number): Array<Group<T>> {
  const cells = new Map<string, Cell<T>>();
  for (const item of items) {
    const { x, y } = project(item);
    const cx = Math.floor(x / cellSize);
    const cy = Math.floor(y / cellSize);
    const key = `${cx}:${cy}`;
    const cell = cells.get(key);
    if (cell) {
      cell.members.push(item);
      cell.x += x;
      cell.y += y;
    } else cells.set(key, { key, cx, cy, members: [item], x, y, merged: false });
  }
  for (const cell of cells.values()) {
    cell.x /= cell.members.length;
    cell.y /= cell.members.length;
  }
  const near = (cellSize / 2) ** 2;
  const groups: Array<Group<T>> = [];
  for (const cell of cells.values()) {
    if (cell.merged) continue;
    const members = [...cell.members];
    const keys = [cell.key];
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const other = (dx || dy) && cells.get(`${cell.cx + dx}:${cell.cy + dy}`);
        if (!other || other.merged || (other.x - cell.x) ** 2 + (other.y - cell.y) ** 2 > near) continue;
        other.merged = true;
        members.push(...other.members);
        keys.push(other.key);
      }
    groups.push({ key: `${keys.join('+')}:${members.length}`, members });
  }
  return groups;
}
