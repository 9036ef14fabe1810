// An import's summary as the CLI prints it (a file import, --pull, status).
import type { ImportSummary } from './importer.ts';

/** One summary line, then one line per rejected property kept in the summary. */
export function summaryLines(summary: ImportSummary): string[] {
  const lines = [
    `added ${summary.added}, updated ${summary.updated}, unchanged ${summary.unchanged}, withdrawn ${summary.withdrawn}, rejected ${summary.rejectedTotal}`,
  ];
  for (const r of summary.rejected) lines.push(`rejected ${r.id ?? '(no id)'} (line ${r.line}): ${r.reason}`);
  const more = summary.rejectedTotal - summary.rejected.length;
  if (more > 0) lines.push(`… and ${more} more rejected`);
  return lines;
}

/** What feed_pulls.counts keeps of a summary: everything but the list of rejections (rejectedTotal stays). */
export type SummaryCounts = Omit<ImportSummary, 'rejected'>;

export function summaryCounts(summary: ImportSummary): SummaryCounts {
  const { rejected: _list, ...counts } = summary;
  return counts;
}
