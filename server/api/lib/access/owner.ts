import type { ResourceOwner } from "../../../contract/teams.ts";

export type { ResourceOwner };

/** The live-event channel of an owner: a user's own id, or `team:<id>` for a team's members. */
export const ownerChannel = (owner: ResourceOwner) => (owner.type === "user" ? owner.id : `team:${owner.id}`);

/** The team id a channel names, or null for a user's own channel. */
export const teamOfChannel = (channel: string) => (channel.startsWith("team:") ? channel.slice(5) : null);

export const ownerOf = (row: { ownerType: "user" | "team"; ownerId: string }): ResourceOwner => ({
  type: row.ownerType,
  id: row.ownerId,
});
