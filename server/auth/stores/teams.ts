import { and, asc, eq, inArray } from "drizzle-orm";
import {
  authTeamMemberPermissionsTable,
  authTeamMembersTable,
  authTeamsTable,
  authUsersTable,
} from "../../db/schema/index.ts";
import { setValues } from "../../db/set-values.ts";
import type { Store } from "../../db/store.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { KnownErrors, teamNotFound } from "../errors/known-errors.ts";
import type { Json } from "./json.ts";
import type { PermissionDefinitions } from "./permission-definitions.ts";

export type TeamRow = typeof authTeamsTable.$inferSelect;
export type MemberRow = typeof authTeamMembersTable.$inferSelect;

export interface TeamChanges {
  displayName?: string;
  profileImageUrl?: string | null;
  clientMetadata?: Json;
  clientReadOnlyMetadata?: Json;
  serverMetadata?: Json;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What each team event carries: the team row itself, which the webhook side renders for the wire
 * (webhooks/store-events.ts), so the store knows nothing of answers.
 */
export interface TeamEventData {
  "team.created": TeamRow;
  "team.updated": TeamRow;
  "team.deleted": { id: string };
  "team_membership.created": { team_id: string; user_id: string };
  "team_membership.deleted": { team_id: string; user_id: string };
  "team_permission.created": { id: string; team_id: string; user_id: string };
  "team_permission.deleted": { id: string; team_id: string; user_id: string };
}

/** Receives team, membership and team permission events (webhooks). */
export interface TeamEvents {
  emit<T extends keyof TeamEventData>(projectId: string, type: T, data: TeamEventData[T]): Promise<void>;
}

/** Teams, memberships and direct permission grants; every query is scoped to the project. */
export class TeamStore {
  constructor(
    private store: Store,
    private definitions: PermissionDefinitions,
    /** Absent in tools that only read teams. */
    private events: TeamEvents | null = null,
  ) {}

  private async emit<T extends keyof TeamEventData>(teamId: string, type: T, data: TeamEventData[T]): Promise<void> {
    if (!this.events) return;
    await this.events.emit(await this.projectOf(teamId), type, data);
  }

  private async projectOf(teamId: string): Promise<string> {
    const [row] = await this.store.db
      .select({ projectId: authTeamsTable.projectId })
      .from(authTeamsTable)
      .where(eq(authTeamsTable.id, teamId));
    if (!row) throw teamNotFound(teamId);
    return row.projectId;
  }

  async require(projectId: string, teamId: string): Promise<TeamRow> {
    if (!UUID.test(teamId)) throw teamNotFound(teamId);
    const [row] = await this.store.db
      .select()
      .from(authTeamsTable)
      .where(and(eq(authTeamsTable.id, teamId), eq(authTeamsTable.projectId, projectId)));
    if (!row) throw teamNotFound(teamId);
    return row;
  }

  async exists(projectId: string, teamId: string): Promise<boolean> {
    if (!UUID.test(teamId)) return false;
    const [row] = await this.store.db
      .select({ id: authTeamsTable.id })
      .from(authTeamsTable)
      .where(and(eq(authTeamsTable.id, teamId), eq(authTeamsTable.projectId, projectId)));
    return row !== undefined;
  }

  list(projectId: string): Promise<TeamRow[]> {
    return this.store.db
      .select()
      .from(authTeamsTable)
      .where(eq(authTeamsTable.projectId, projectId))
      .orderBy(asc(authTeamsTable.createdAt), asc(authTeamsTable.id));
  }

  async listOfUser(projectId: string, userId: string): Promise<TeamRow[]> {
    const rows = await this.store.db
      .select({ team: authTeamsTable })
      .from(authTeamMembersTable)
      .innerJoin(authTeamsTable, eq(authTeamsTable.id, authTeamMembersTable.teamId))
      .where(and(eq(authTeamMembersTable.userId, userId), eq(authTeamsTable.projectId, projectId)))
      .orderBy(asc(authTeamsTable.createdAt), asc(authTeamsTable.id));
    return rows.map((r) => r.team);
  }

  /** Creates the team and, with a creator, makes them a member holding `creatorPermissions`. */
  async create(
    projectId: string,
    changes: TeamChanges & { displayName: string },
    creator: { userId: string; permissions: string[] } | null,
  ): Promise<TeamRow> {
    return this.store.db
      .transaction(async (tx) => {
        const [team] = await tx
          .insert(authTeamsTable)
          .values({
            projectId,
            displayName: changes.displayName,
            profileImageUrl: changes.profileImageUrl ?? null,
            clientMetadata: changes.clientMetadata ?? null,
            clientReadOnlyMetadata: changes.clientReadOnlyMetadata ?? null,
            serverMetadata: changes.serverMetadata ?? null,
          })
          .returning();
        if (!team) throw new Error("team insert returned nothing");
        if (creator) {
          await tx.insert(authTeamMembersTable).values({ teamId: team.id, userId: creator.userId });
          await grantAll(tx, team.id, creator.userId, creator.permissions);
        }
        return team;
      })
      .then(async (team) => {
        await this.events?.emit(projectId, "team.created", team);
        if (creator)
          await this.events?.emit(projectId, "team_membership.created", { team_id: team.id, user_id: creator.userId });
        return team;
      });
  }

  async update(team: TeamRow, changes: TeamChanges): Promise<TeamRow> {
    const set = setValues({
      displayName: changes.displayName,
      profileImageUrl: changes.profileImageUrl,
      clientMetadata: changes.clientMetadata,
      clientReadOnlyMetadata: changes.clientReadOnlyMetadata,
      serverMetadata: changes.serverMetadata,
    });
    if (!set) return team;
    const [row] = await this.store.db.update(authTeamsTable).set(set).where(eq(authTeamsTable.id, team.id)).returning();
    if (!row) throw teamNotFound(team.id);
    await this.events?.emit(row.projectId, "team.updated", row);
    return row;
  }

  async delete(team: TeamRow): Promise<void> {
    await this.store.db.delete(authTeamsTable).where(eq(authTeamsTable.id, team.id));
    await this.events?.emit(team.projectId, "team.deleted", { id: team.id });
  }

  async isMember(teamId: string, userId: string): Promise<boolean> {
    const [row] = await this.store.db
      .select({ userId: authTeamMembersTable.userId })
      .from(authTeamMembersTable)
      .where(and(eq(authTeamMembersTable.teamId, teamId), eq(authTeamMembersTable.userId, userId)));
    return row !== undefined;
  }

  /** Memberships of a team, or of a user across the project's teams, oldest first. */
  async members(projectId: string, filter: { teamId?: string; userId?: string }): Promise<MemberRow[]> {
    const conditions = [eq(authTeamsTable.projectId, projectId)];
    if (filter.teamId) conditions.push(eq(authTeamMembersTable.teamId, filter.teamId));
    if (filter.userId) conditions.push(eq(authTeamMembersTable.userId, filter.userId));
    const rows = await this.store.db
      .select({ member: authTeamMembersTable })
      .from(authTeamMembersTable)
      .innerJoin(authTeamsTable, eq(authTeamsTable.id, authTeamMembersTable.teamId))
      .where(and(...conditions))
      .orderBy(asc(authTeamMembersTable.createdAt), asc(authTeamMembersTable.userId));
    return rows.map((r) => r.member);
  }

  async requireMemberRow(teamId: string, userId: string): Promise<MemberRow> {
    const [row] = await this.store.db
      .select()
      .from(authTeamMembersTable)
      .where(and(eq(authTeamMembersTable.teamId, teamId), eq(authTeamMembersTable.userId, userId)));
    if (!row) throw KnownErrors.teamMembershipNotFound(teamId, userId);
    return row;
  }

  async updateMemberProfile(
    member: MemberRow,
    changes: { displayName?: string | null; profileImageUrl?: string | null },
  ): Promise<MemberRow> {
    const set = setValues({ displayName: changes.displayName, profileImageUrl: changes.profileImageUrl });
    if (!set) return member;
    const [row] = await this.store.db
      .update(authTeamMembersTable)
      .set(set)
      .where(and(eq(authTeamMembersTable.teamId, member.teamId), eq(authTeamMembersTable.userId, member.userId)))
      .returning();
    if (!row) throw KnownErrors.teamMembershipNotFound(member.teamId, member.userId);
    return row;
  }

  /** TEAM_MEMBERSHIP_NOT_FOUND unless the user is in the team. */
  async requireMember(teamId: string, userId: string): Promise<void> {
    if (!(await this.isMember(teamId, userId))) throw KnownErrors.teamMembershipNotFound(teamId, userId);
  }

  /** Adds the member with `permissions`; TEAM_MEMBERSHIP_ALREADY_EXISTS if they already are one. */
  async addMember(teamId: string, userId: string, permissions: string[]): Promise<void> {
    try {
      await this.store.db.transaction(async (tx) => {
        await tx.insert(authTeamMembersTable).values({ teamId, userId });
        await grantAll(tx, teamId, userId, permissions);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw KnownErrors.teamMembershipAlreadyExists();
      throw error;
    }
    await this.emit(teamId, "team_membership.created", { team_id: teamId, user_id: userId });
  }

  /** Removes the member and their grants; TEAM_MEMBERSHIP_NOT_FOUND if they were none. */
  async removeMember(teamId: string, userId: string): Promise<void> {
    await this.store.db.transaction(async (tx) => {
      const removed = await tx
        .delete(authTeamMembersTable)
        .where(and(eq(authTeamMembersTable.teamId, teamId), eq(authTeamMembersTable.userId, userId)))
        .returning({ userId: authTeamMembersTable.userId });
      if (removed.length === 0) throw KnownErrors.teamMembershipNotFound(teamId, userId);
      await tx
        .delete(authTeamMemberPermissionsTable)
        .where(
          and(eq(authTeamMemberPermissionsTable.teamId, teamId), eq(authTeamMemberPermissionsTable.userId, userId)),
        );
      await tx
        .update(authUsersTable)
        .set({ selectedTeamId: null })
        .where(and(eq(authUsersTable.id, userId), eq(authUsersTable.selectedTeamId, teamId)));
    });
    await this.emit(teamId, "team_membership.deleted", { team_id: teamId, user_id: userId });
  }

  /** The member's direct grants in the team, sorted by id. */
  async grantsOf(teamId: string, userId: string): Promise<string[]> {
    const rows = await this.store.db
      .select({ id: authTeamMemberPermissionsTable.permissionId })
      .from(authTeamMemberPermissionsTable)
      .where(and(eq(authTeamMemberPermissionsTable.teamId, teamId), eq(authTeamMemberPermissionsTable.userId, userId)))
      .orderBy(asc(authTeamMemberPermissionsTable.permissionId));
    return rows.map((r) => r.id);
  }

  /** The member's permissions in the team, contained ones included. */
  async permissionsOf(teamId: string, userId: string): Promise<Set<string>> {
    const grants = await this.grantsOf(teamId, userId);
    return this.definitions.expand(await this.projectOf(teamId), "team", grants);
  }

  /** Grants a permission to a member (idempotent); PERMISSION_NOT_FOUND for unknown ids. */
  async grant(teamId: string, userId: string, permissionId: string): Promise<void> {
    await this.requireMember(teamId, userId);
    await this.requireDefinition(teamId, permissionId);
    const added = await this.store.db
      .insert(authTeamMemberPermissionsTable)
      .values({ teamId, userId, permissionId })
      .onConflictDoNothing()
      .returning({ id: authTeamMemberPermissionsTable.permissionId });
    if (added.length > 0) {
      await this.emit(teamId, "team_permission.created", { id: permissionId, team_id: teamId, user_id: userId });
    }
  }

  async revoke(teamId: string, userId: string, permissionId: string): Promise<void> {
    await this.requireMember(teamId, userId);
    await this.requireDefinition(teamId, permissionId);
    const removed = await this.store.db
      .delete(authTeamMemberPermissionsTable)
      .where(
        and(
          eq(authTeamMemberPermissionsTable.teamId, teamId),
          eq(authTeamMemberPermissionsTable.userId, userId),
          eq(authTeamMemberPermissionsTable.permissionId, permissionId),
        ),
      )
      .returning({ id: authTeamMemberPermissionsTable.permissionId });
    if (removed.length > 0) {
      await this.emit(teamId, "team_permission.deleted", { id: permissionId, team_id: teamId, user_id: userId });
    }
  }

  private async requireDefinition(teamId: string, permissionId: string): Promise<void> {
    await this.definitions.requireInScope(await this.projectOf(teamId), "team", permissionId);
  }

  /** TEAM_PERMISSION_REQUIRED unless the member holds `permissionId` (directly or contained). */
  async requirePermission(teamId: string, userId: string, permissionId: string): Promise<void> {
    if (!(await this.permissionsOf(teamId, userId)).has(permissionId)) {
      throw KnownErrors.teamPermissionRequired(teamId, userId, permissionId);
    }
  }

  /** Member ids of several teams at once (for listings). */
  async memberIds(teamIds: string[]): Promise<{ teamId: string; userId: string }[]> {
    if (teamIds.length === 0) return [];
    return this.store.db
      .select({ teamId: authTeamMembersTable.teamId, userId: authTeamMembersTable.userId })
      .from(authTeamMembersTable)
      .where(inArray(authTeamMembersTable.teamId, teamIds));
  }
}

type Tx = Parameters<Parameters<Store["db"]["transaction"]>[0]>[0];

/** With create_team_on_sign_up, a new user gets a team of their own, holding the creator roles. */
export interface PersonalTeam {
  permissions: string[];
}

export function personalTeamOf(config: {
  create_team_on_sign_up: boolean;
  team_creator_default_permissions: { id: string }[];
}): PersonalTeam | undefined {
  if (!config.create_team_on_sign_up) return undefined;
  return { permissions: config.team_creator_default_permissions.map((p) => p.id) };
}

const UNNAMED_PERSONAL_TEAM = "Personal Team";

/** Whose team a personal team is called after: the display name, else the e-mail, else nobody yet. */
export function personalTeamOwner(user: { displayName?: string | null; primaryEmail?: string | null }): string | null {
  return user.displayName || (user.primaryEmail ? user.primaryEmail.trim().toLowerCase() : null);
}

/** "<name or e-mail>'s Team" (or "Personal Team"), the user as member with the creator roles, selected. */
export async function insertPersonalTeam(
  tx: Tx,
  projectId: string,
  userId: string,
  owner: string | null,
  team: PersonalTeam,
  options: { select?: boolean } = {},
): Promise<string> {
  const [row] = await tx
    .insert(authTeamsTable)
    .values({ projectId, displayName: owner ? `${owner}'s Team` : UNNAMED_PERSONAL_TEAM })
    .returning({ id: authTeamsTable.id });
  if (!row) throw new Error("team insert returned nothing");
  await tx.insert(authTeamMembersTable).values({ teamId: row.id, userId });
  await grantAll(tx, row.id, userId, team.permissions);
  if (options.select !== false) {
    await tx.update(authUsersTable).set({ selectedTeamId: row.id }).where(eq(authUsersTable.id, userId));
  }
  return row.id;
}

/** Gives the user's still unnamed personal teams the owner's name (an anonymous user signing up). */
export async function renameUnnamedPersonalTeams(tx: Tx, userId: string, owner: string | null): Promise<void> {
  if (!owner) return;
  const memberOf = tx
    .select({ teamId: authTeamMembersTable.teamId })
    .from(authTeamMembersTable)
    .where(eq(authTeamMembersTable.userId, userId));
  await tx
    .update(authTeamsTable)
    .set({ displayName: `${owner}'s Team` })
    .where(and(inArray(authTeamsTable.id, memberOf), eq(authTeamsTable.displayName, UNNAMED_PERSONAL_TEAM)));
}

async function grantAll(tx: Tx, teamId: string, userId: string, permissions: string[]): Promise<void> {
  if (permissions.length === 0) return;
  await tx
    .insert(authTeamMemberPermissionsTable)
    .values(permissions.map((permissionId) => ({ teamId, userId, permissionId })))
    .onConflictDoNothing();
}
