// `npm run import -- status`: per source, its last pull (when, its result and
// counts, or its error) and its next pull. The FEEDS sources first, in their
// order, then sources pulled before but no longer in FEEDS (not pulled).
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import type { FeedPullRow } from '../store/schema.ts';
import { feedPullRows } from './pull-store.ts';
import { publicUrl, type FeedSource } from '../feed-sources.ts';
import { summaryLines, type SummaryCounts } from './summary.ts';
import { feedImageCacheSize, feedImageDir } from '../feed-images/index.ts';

const time = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');

export async function feedStatusLines(store: Store, config: Config, now: Date = new Date()): Promise<string[]> {
  const rows = new Map((await feedPullRows(store.db)).map((r) => [r.source, r]));
  if (!config.FEEDS.length && !rows.size) return ['no feeds: set FEEDS to pull feeds on a schedule', await pictureCacheLine(config)];
  const lines: string[] = [];
  const listed = new Set<string>();
  for (const feed of config.FEEDS) {
    listed.add(feed.name);
    lines.push(...sourceLines(feed.name, publicUrl(feed.url), feed, rows.get(feed.name), true, now));
  }
  for (const [name, row] of rows)
    if (!listed.has(name))
      lines.push(
        ...sourceLines(name, row.url, { newBuild: Boolean(row.new_build), includeResales: Boolean(row.include_resales) }, row, false, now),
      );
  lines.push(await pictureCacheLine(config));
  return lines;
}

/** The feed pictures this instance keeps (each instance has its own DATA_DIR/images). */
async function pictureCacheLine(config: Config): Promise<string> {
  const dir = feedImageDir(config.DATA_DIR);
  const { files, bytes } = await feedImageCacheSize(dir);
  return `pictures kept: ${files} file${files === 1 ? '' : 's'}, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${dir}`;
}

function sourceLines(
  name: string,
  url: string,
  options: Pick<FeedSource, 'newBuild' | 'includeResales'>,
  row: FeedPullRow | undefined,
  inFeeds: boolean,
  now: Date,
): string[] {
  const taken = [options.newBuild && 'new build', options.includeResales && 'with resales'].filter(Boolean).join(', ');
  const lines = [`${name}: ${url}${taken ? ` (${taken})` : ''}${inFeeds ? '' : ' (not in FEEDS: not pulled)'}`];
  const counts = row?.counts ? summaryLines({ ...(JSON.parse(row.counts) as SummaryCounts), rejected: [] })[0] : null;
  const imported = row?.imported_at && counts ? `last import ${time(row.imported_at)}: ${counts}` : 'never imported';
  if (!row?.pulled_at) lines.push('  last pull: never');
  else {
    const took = row.duration_ms !== null ? ` (${(row.duration_ms / 1000).toFixed(1)} s)` : '';
    if (row.result === 'imported') lines.push(`  last pull: ${time(row.pulled_at)}${took}, imported: ${counts ?? ''}`);
    else if (row.result === 'unchanged')
      lines.push(`  last pull: ${time(row.pulled_at)}${took}, unchanged (304 Not Modified); ${imported}`);
    else lines.push(`  last pull: ${time(row.pulled_at)}${took}, failed: ${row.error ?? 'unknown error'}; ${imported}`);
  }
  if (row?.locked_until && row.locked_until >= now.toISOString())
    lines.push(`  pulling now (${row.locked_by ?? '?'}, lease until ${time(row.locked_until)})`);
  if (!inFeeds) lines.push('  next pull: none');
  else if (!row?.next_pull_at || row.next_pull_at <= now.toISOString())
    lines.push('  next pull: due (at the next start or round of a server, or --pull)');
  else lines.push(`  next pull: ${time(row.next_pull_at)}`);
  return lines;
}
