// The budgets the site holds (DESIGN §10): printed by `npm run bench` as
// "figure / budget" and held by tests (test/server/render/html-weight.test.ts,
// test/client/js-budget.test.ts). Bytes; KiB are 1,024 bytes.
export const KIB = 1024;

/** JavaScript before interaction, gzip at zlib's default level (idle prefetches apart), by page. */
export const JS_BUDGET = { home: 110 * KIB, search: 110 * KIB, property: 110 * KIB } as const;

/** The HTML as the site sends it to a browser that accepts Brotli (its own compression), by page. */
export const HTML_BUDGET = { search: 8 * KIB, property: 10 * KIB } as const;

/** `name: 103.2 / 110 KiB`, and `OVER BUDGET` when it is. */
export function budgetLine(name: string, bytes: number, budget: number): string {
  const over = bytes > budget ? '  OVER BUDGET' : '';
  return `${name}: ${(bytes / KIB).toFixed(1)} / ${budget / KIB} KiB${over}`;
}
