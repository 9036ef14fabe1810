// The withdrawal guard (docs/decisions/withdrawal-guard.md): a snapshot that
// would withdraw more than FEED_MAX_WITHDRAW of its source's listed units is
// far more often a broken export (ids renumbered, a filter left on, half a
// file) than a market that emptied overnight, so the import refuses it and
// changes nothing, unless the operator says so (--force, ;no-withdraw-guard).

/** Withdrawing this many units or fewer is never refused: a small source may sell out. */
export const WITHDRAW_GUARD_FLOOR = 10;

/** The feed's properties the import skipped (ImportSummary's counts): a stored unit skipped is withdrawn. */
export interface SkippedCounts {
  skippedUnknown: number;
  skippedNotHomes: number;
  skippedResales: number;
}

const NOTHING_SKIPPED: SkippedCounts = { skippedUnknown: 0, skippedNotHomes: 0, skippedResales: 0 };

const FORCE = 'to import it anyway, use --force (or ;no-withdraw-guard on the source in FEEDS)';

/** An import refused because it would withdraw too much of its source. */
export class WithdrawGuardError extends Error {
  override name = 'WithdrawGuardError';
  constructor(
    readonly source: string,
    readonly withdrawing: number,
    readonly listed: number,
    readonly maxPercent: number,
    { skippedUnknown, skippedNotHomes, skippedResales }: SkippedCounts = NOTHING_SKIPPED,
  ) {
    const skipped = { skippedUnknown, skippedNotHomes, skippedResales };
    super(
      `refused: the feed would withdraw ${withdrawing} of the ${listed} units listed under source '${source}' ` +
        `(${Math.round((withdrawing * 100) / listed)} %, more than FEED_MAX_WITHDRAW ${maxPercent} %): ` +
        advice(source, withdrawing, skipped),
    );
    this.skipped = skipped;
  }

  /** The counts the advice was chosen by (a worker thread sends them back with the rest). */
  readonly skipped: SkippedCounts;

  /** What rebuilds this error on another thread: `new WithdrawGuardError(...error.figures())`. */
  figures(): ConstructorParameters<typeof WithdrawGuardError> {
    return [this.source, this.withdrawing, this.listed, this.maxPercent, this.skipped];
  }
}

/**
 * What to do. When the properties the feed skipped are as many as the units it
 * would withdraw, they are the likely cause, and --force would withdraw them:
 * the line names the setting that imports them instead.
 */
function advice(source: string, withdrawing: number, skipped: SkippedCounts): string {
  const { skippedUnknown, skippedNotHomes, skippedResales } = skipped;
  if (skippedUnknown + skippedNotHomes + skippedResales < withdrawing)
    return `a feed that drops or renames most of its properties is usually a broken export; ${FORCE}`;
  const causes: string[] = [];
  if (skippedUnknown)
    causes.push(
      `the feed skipped ${skippedUnknown} properties without <new_build>: if ${source} is a new-build source, write ;new-build in FEEDS (--new-build)`,
    );
  if (skippedResales)
    causes.push(`the feed skipped ${skippedResales} resales: to list them, write ;include-resales in FEEDS (--include-resales)`);
  if (skippedNotHomes)
    causes.push(`the feed skipped ${skippedNotHomes} properties that are not homes (premises, garages, offices…): ${FORCE}`);
  return causes.join('; ');
}

/**
 * Throws WithdrawGuardError when `withdrawing` of `listed` units is more than
 * `maxPercent` of them and more than WITHDRAW_GUARD_FLOOR. A source with no
 * listed units (its first import) never trips it.
 */
export function guardWithdrawals(
  source: string,
  withdrawing: number,
  listed: number,
  maxPercent: number | undefined,
  skipped: SkippedCounts = NOTHING_SKIPPED,
): void {
  if (maxPercent === undefined || withdrawing <= WITHDRAW_GUARD_FLOOR) return;
  if (withdrawing * 100 > maxPercent * listed) throw new WithdrawGuardError(source, withdrawing, listed, maxPercent, skipped);
}
