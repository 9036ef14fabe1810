// The feeds the site pulls on a schedule (FEEDS): comma-separated `name=url`
// pairs, each optionally followed by options (`;new-build`,
// `;include-resales`, `;no-withdraw-guard`). Parsed strictly at
// start: a bad entry stops the start with one line saying which and why,
// without echoing its URL (a feed URL may carry a password).

/** A source name: what keys a feed's units (the import CLI's --source rule). */
export const SOURCE_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
export const SOURCE_NAME_RULE = '1 to 100 letters, digits, dots, dashes, colons or underscores, starting with a letter or digit';

export interface FeedSource {
  name: string;
  /** An http(s) URL; it may carry user:password, sent as Basic authentication. */
  url: string;
  /** A new-build source: take properties whose <new_build> is missing as new build (otherwise skipped). */
  newBuild: boolean;
  /** Take resales (`<new_build>0</new_build>`) too. */
  includeResales: boolean;
  /** Import whatever share of the source's units the feed withdraws (no FEED_MAX_WITHDRAW guard). */
  noWithdrawGuard: boolean;
}

const OPTIONS = ['new-build', 'include-resales', 'no-withdraw-guard'] as const;

export class FeedListError extends Error {}

/** Parses FEEDS; throws FeedListError with one line naming the entry and what is wrong. */
export function parseFeeds(value: string): FeedSource[] {
  const sources: FeedSource[] = [];
  if (!value.trim()) return sources;
  value.split(',').forEach((raw, i) => {
    const entry = raw.trim();
    const which = `entry ${i + 1}`;
    if (!entry) throw new FeedListError(`${which} is empty`);
    const eq = entry.indexOf('=');
    if (eq < 0) throw new FeedListError(`${which} is not name=url`);
    const name = entry.slice(0, eq).trim();
    const [location = '', ...options] = entry
      .slice(eq + 1)
      .split(';')
      .map((s) => s.trim());
    if (!SOURCE_NAME.test(name))
      throw new FeedListError(`${which}: the name must be ${SOURCE_NAME_RULE} (got ${JSON.stringify(name.slice(0, 40))})`);
    const named = `${which} (${name})`;
    let url: URL;
    try {
      url = new URL(location);
    } catch {
      throw new FeedListError(`${named}: not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedListError(`${named}: the URL must be http(s)`);
    for (const option of options)
      if (!(OPTIONS as readonly string[]).includes(option))
        throw new FeedListError(`${named}: unknown option ${JSON.stringify(option.slice(0, 40))} (known: ${OPTIONS.join(', ')})`);
    if (sources.some((s) => s.name === name)) throw new FeedListError(`${named}: the name is used twice`);
    sources.push({
      name,
      url: url.href,
      newBuild: options.includes('new-build'),
      includeResales: options.includes('include-resales'),
      noWithdrawGuard: options.includes('no-withdraw-guard'),
    });
  });
  return sources;
}

/** The URL without its password, for logs and the status table. */
export function publicUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.href;
}
