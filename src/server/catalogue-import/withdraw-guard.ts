// The withdrawal guard (docs/decisions/withdrawal-guard.md): a snapshot that
// would withdraw more than FEED_MAX_WITHDRAW of its source's listed units is
// far more often a broken export (ids renumbered, a filter left on, half a
// file) than a market that emptied overnight, so the import refuses it and
// changes nothing, unless the operator says so (--force, ;no-withdraw-guard).

/** Withdrawing this many units or fewer is never refused: a small source may sell out. */
export const WITHDRAW_GUARD_FLOOR = 10;

/** An import refused because it would withdraw too much of its source. */
export class WithdrawGuardError extends Error {
  override name = 'WithdrawGuardError';
  constructor(
    readonly source: string,
    readonly withdrawing: number,
    readonly listed: number,
    readonly maxPercent: number,
  ) {
    super(
      `refused: the feed would withdraw ${withdrawing} of the ${listed} units listed under source '${source}' ` +
        `(${Math.round((withdrawing * 100) / listed)} %, more than FEED_MAX_WITHDRAW ${maxPercent} %): ` +
        `a feed that drops or renames most of its properties is usually a broken export; ` +
        `to import it anyway, use --force (or ;no-withdraw-guard on the source in FEEDS)`,
    );
  }
}

/**
 * Throws WithdrawGuardError when `withdrawing` of `listed` units is more than
 * `maxPercent` of them and more than WITHDRAW_GUARD_FLOOR. A source with no
 * listed units (its first import) never trips it.
 */
export function guardWithdrawals(source: string, withdrawing: number, listed: number, maxPercent: number | undefined): void {
  if (maxPercent === undefined || withdrawing <= WITHDRAW_GUARD_FLOOR) return;
  if (withdrawing * 100 > maxPercent * listed) throw new WithdrawGuardError(source, withdrawing, listed, maxPercent);
}
