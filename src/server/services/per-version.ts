// Answers kept for one version of what they were read from (services/versions.ts):
// a new version drops them all. Concurrent askers share one read; a failed read
// is not kept. Bounded, the oldest first out: the keys may come from a request
// (a Host header), so a stranger cannot grow it without end.
export class PerVersion<T> {
  private version: string | null = null;
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly max: number) {}

  get(version: string, key: string, read: () => Promise<T>): Promise<T> {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    let entry = this.entries.get(key);
    if (entry) return entry;
    entry = read();
    this.entries.set(key, entry);
    entry.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}
