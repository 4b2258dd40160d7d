/**
 * A small time-limited LRU cache whose concurrent misses for one key share one load. A load that
 * began before `delete(key)` does not store its (possibly stale) result.
 */
export class BoundedCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  private readonly loading = new Map<string, { promise: Promise<T>; generation: number }>();
  private generation = 0;
  private readonly dropped = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) {
      // Map order is insertion order: moving the key to the end keeps the least recently used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit.value);
    }
    if (hit) this.entries.delete(key);
    const pending = this.loading.get(key);
    if (pending) return pending.promise;
    const generation = ++this.generation;
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        if ((this.dropped.get(key) ?? 0) < generation) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, { promise, generation });
    return promise;
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.loading.delete(key);
    this.dropped.set(key, this.generation);
    if (this.dropped.size > this.maxEntries) this.dropped.clear();
  }

  private store(key: string, value: T): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }
}
