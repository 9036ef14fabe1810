// The Server-Timing header of a page (docs/operations.md, "Metrics"): `reads;dur=12.3, render;dur=40.1`,
// in milliseconds with one decimal; an entry that was not measured is left out.
export function serverTiming(entries: Record<string, number | undefined>): string {
  return Object.entries(entries)
    .filter((entry): entry is [string, number] => entry[1] !== undefined && Number.isFinite(entry[1]))
    .map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`)
    .join(', ');
}
