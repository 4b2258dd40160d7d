import { BoundedCache } from "./bounded-cache.ts";
import { type Role, roleFromPermissions } from "./roles.ts";
import type { StackServerApi } from "./stack-server-api.ts";

/**
 * A removed member or a lowered role takes effect within this time on every instance (the issue's
 * bound is 5 s; a change made through this instance applies here at once).
 */
export const RIGHTS_TTL_MS = 2_000;
const MAX_ENTRIES = 20_000;

export interface TeamSummary {
  id: string;
  displayName: string;
}

/**
 * The caller's rights in teams, asked of the auth service's server API (the app API never reads the
 * auth tables) and kept briefly: a warm cache answers without a call, concurrent callers share one.
 */
export class TeamRights {
  private readonly roles: BoundedCache<Role | null>;
  private readonly teams: BoundedCache<TeamSummary[]>;

  constructor(
    private readonly stack: StackServerApi,
    ttlMs = RIGHTS_TTL_MS,
  ) {
    this.roles = new BoundedCache(ttlMs, MAX_ENTRIES);
    this.teams = new BoundedCache(ttlMs, MAX_ENTRIES);
  }

  /** The user's role in the team; null when they are not a member (or hold no console role). */
  roleIn(teamId: string, userId: string): Promise<Role | null> {
    return this.roles.get(`${teamId}:${userId}`, async () => {
      const permissions = await this.stack.teamPermissions(teamId, userId);
      return permissions === null ? null : roleFromPermissions(permissions);
    });
  }

  /** The teams the user belongs to. */
  teamsOf(userId: string): Promise<TeamSummary[]> {
    return this.teams.get(userId, async () =>
      (await this.stack.teamsOfUser(userId)).map((team) => ({ id: team.id, displayName: team.display_name })),
    );
  }

  /**
   * The user's teams as the auth service has them now, with their roles asked anew: for a caller
   * who changed them there (created or joined a team through the auth service), which this cache
   * cannot know of.
   */
  async teamsOfNow(userId: string): Promise<TeamSummary[]> {
    this.teams.delete(userId);
    const teams = await this.teamsOf(userId);
    for (const team of teams) this.roles.delete(`${team.id}:${userId}`);
    return teams;
  }

  /** After a change made here: this instance applies it at once (others within the TTL). */
  forget(teamId: string, userId: string): void {
    this.roles.delete(`${teamId}:${userId}`);
    this.teams.delete(userId);
  }
}
