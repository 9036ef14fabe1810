// A plain-text table for the bench's figures: the first `left` columns
// aligned left (names, paths), the others right (numbers).
export function textTable(header: string[], lines: string[][], left = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const row = (cells: string[]) => cells.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [row(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(row)].join('\n');
}

/** The median (the mean of the two middle values for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** A figure with `digits` decimals; '-' for what is not a number. */
export const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** 'min–max', `digits` decimals. */
export function spread(xs: number[], digits = 0): string {
  return `${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)}`;
}
