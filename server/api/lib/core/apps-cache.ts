import type { App } from "../../../contract/apps.ts";

const MAX_USERS = 10_000;

/**
 * Each owner's app list (a user's personal apps, a team's apps; keyed by the owner's event channel),
 * kept in memory between changes. Every change invalidates it here at once and on every other
 * instance through the user-event bus. A read that began before an invalidation does not store its
 * (possibly stale) result: each owner has a generation number that invalidation bumps.
 */
export class AppsCache {
  private readonly lists = new Map<string, App[]>();
  private readonly generations = new Map<string, number>();

  async get(userId: string, load: () => Promise<App[]>): Promise<App[]> {
    const cached = this.lists.get(userId);
    if (cached) return cached;
    const generation = this.generations.get(userId) ?? 0;
    const loaded = await load();
    if ((this.generations.get(userId) ?? 0) === generation) {
      if (this.lists.size >= MAX_USERS) this.lists.delete(this.lists.keys().next().value as string);
      this.lists.set(userId, loaded);
    }
    return loaded;
  }

  invalidate(userId: string): void {
    this.lists.delete(userId);
    this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
    if (this.generations.size > MAX_USERS * 2) this.generations.clear();
  }
}
