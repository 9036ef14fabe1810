// An import's summary as the CLI prints it (a file import, --pull, status).
import type { ImportSummary } from './importer.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '; skipped 133 resales, 4 without <new_build>, 2 not homes', or '' when nothing was skipped. */
function skippedText(summary: ImportSummary): string {
  const reasons = [
    summary.skippedResales && plural(summary.skippedResales, 'resale', 'resales'),
    // Absent from counts kept before these were counted.
    summary.skippedUnknown && `${summary.skippedUnknown} without <new_build>`,
    summary.skippedNotHomes && plural(summary.skippedNotHomes, 'not a home', 'not homes'),
  ].filter(Boolean);
  return reasons.length ? `; skipped ${reasons.join(', ')}` : '';
}

/**
 * One summary line ('…; skipped 133 resales' when the source does not take
 * them, and likewise what was skipped for other reasons), a note for each thing reading had to mend, then one line per rejected
 * property kept in the summary.
 */
export function summaryLines(summary: ImportSummary): string[] {
  const skipped = skippedText(summary);
  // Absent from counts kept before re-keying existed.
  const rekeyed = summary.rekeyed ? `; ${summary.rekeyed} under a new id (same ref and development) kept their history` : '';
  const lines = [
    `added ${summary.added}, updated ${summary.updated}, unchanged ${summary.unchanged}, withdrawn ${summary.withdrawn}, rejected ${summary.rejectedTotal}${skipped}${rekeyed}`,
  ];
  const read = summary.read;
  if (read?.decoding.transcodedBytes)
    lines.push(
      `note: ${read.decoding.transcodedBytes} byte${read.decoding.transcodedBytes === 1 ? ' was' : 's were'} not valid ${read.decoding.declared.toUpperCase()} and ${read.decoding.transcodedBytes === 1 ? 'was' : 'were'} read as Windows-1252 (Latin-1)`,
    );
  if (read?.repairedText)
    lines.push(
      `note: ${read.repairedText} character${read.repairedText === 1 ? '' : 's'} encoded twice by the exporter (e.g. 'Ã©' for 'é') repaired`,
    );
  if (summary.alertMails) lines.push(`queued ${summary.alertMails} alert mail${summary.alertMails === 1 ? '' : 's'} for saved searches`);
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
