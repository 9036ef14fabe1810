// The markers' indexes (marker-index.ts) kept in memory: per filter and
// scope, for the current catalogue version only (a new version drops them
// all), least recently used first out. Bounded by count and by the points
// they hold: an index of the whole 50,000-project catalogue is some tens of MB.
// One key may be pinned: the index the server builds ahead (markers.ts warm())
// is never evicted and not counted against the bounds, so that a catalogue
// larger than the bound does not lose it to the first filtered map.
import type { MarkerIndex } from './marker-index.ts';

export interface MarkerCacheLimits {
  entries: number;
  points: number;
}

const MARKER_CACHE_LIMITS: MarkerCacheLimits = { entries: 16, points: 150_000 };

export class MarkerCache {
  private version: string | null = null;
  private readonly entries = new Map<string, Promise<MarkerIndex>>();
  /** The points of each built index; a key is here once its build has finished. */
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly limits: MarkerCacheLimits = MARKER_CACHE_LIMITS,
    private readonly pinned: string | null = null,
  ) {}

  /** The index for `key` at `version`, built by `build` when not kept; concurrent askers share one build. */
  get(version: string, key: string, build: () => Promise<MarkerIndex>): Promise<MarkerIndex> {
    if (version !== this.version) {
      this.entries.clear();
      this.sizes.clear();
      this.version = version;
    }
    let entry = this.entries.get(key);
    if (entry) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    entry = build();
    this.entries.set(key, entry);
    entry.then(
      (index) => {
        if (this.entries.get(key) !== entry) return;
        this.sizes.set(key, index.total);
        this.evict();
      },
      // A failure is not kept: the next request tries again.
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    return entry;
  }

  /** Whether the index for `key` at `version` is built and kept. */
  has(version: string, key: string): boolean {
    return version === this.version && this.sizes.has(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    const evictable = [...this.entries.keys()].filter((key) => key !== this.pinned);
    let points = 0;
    for (const key of evictable) points += this.sizes.get(key) ?? 0;
    let count = evictable.length;
    for (const key of evictable) {
      if (count <= this.limits.entries && points <= this.limits.points) break;
      // The newest entry stays even alone over the bound: it is the one being asked for.
      if (count === 1) break;
      points -= this.sizes.get(key) ?? 0;
      this.entries.delete(key);
      this.sizes.delete(key);
      count--;
    }
  }
}
