import type { ResourceOwner } from "../../../contract/teams.ts";
import type { Db } from "../../../db/store.ts";
import type { ApiUser } from "../core/api-env.ts";
import { recordTeamEvents } from "./team-log.ts";

/** A move into or out of a team goes into that team's log (both teams' when it goes from one to another). */
export async function recordMove(
  db: Db,
  user: ApiUser,
  resource: { type: "app" | "database"; id: string; name: string | null },
  from: ResourceOwner,
  to: ResourceOwner,
): Promise<void> {
  if (from.type === to.type && from.id === to.id) return;
  const detail = (owner: ResourceOwner) => ({ type: owner.type, id: owner.id });
  if (from.type === "team") {
    await recordTeamEvents(db, from.id, user, [
      { action: `${resource.type}.moved_out`, subject: resource.name, resource, detail: { to: detail(to) } },
    ]);
  }
  if (to.type === "team") {
    await recordTeamEvents(db, to.id, user, [
      { action: `${resource.type}.moved_in`, subject: resource.name, resource, detail: { from: detail(from) } },
    ]);
  }
}
