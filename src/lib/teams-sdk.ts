import type { TeamMember, TeamRole } from "@contract/teams";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { accountKeys } from "@/lib/session/account-user";
import { getStackApp } from "@/lib/session/stack";
import type { StackClient } from "@/lib/session/stack-client";
import { TEAM_KEYS_ROOT, teamQueryKey } from "@/lib/team-query-keys";
import { refetchMyTeamsNow } from "./workspace/workspaces-api";

async function signedInUser() {
  return (await getStackApp()).getUser({ or: "throw" });
}

/** The signed-in user as the SDK gives it (teams, permissions, API keys). */
export type SdkUser = Awaited<ReturnType<typeof signedInUser>>;
export type SdkTeam = Awaited<ReturnType<SdkUser["listTeams"]>>[number];
export type SdkTeamUser = Awaited<ReturnType<SdkTeam["listUsers"]>>[number];
export type SdkSentInvitation = Awaited<ReturnType<SdkTeam["listInvitations"]>>[number];
export type SdkApiKey =
  | Awaited<ReturnType<SdkUser["listApiKeys"]>>[number]
  | Awaited<ReturnType<SdkTeam["listApiKeys"]>>[number];

/**
 * Under the account page's root: SDK objects with methods, never persisted offline, and cleared
 * with everything else of the user's at sign-out.
 */
export const teamKeys = {
  all: TEAM_KEYS_ROOT,
  list: () => [...teamKeys.all, "list"] as const,
  team: teamQueryKey,
  members: (teamId: string) => [...teamKeys.team(teamId), "members"] as const,
  permissions: (teamId: string) => [...teamKeys.team(teamId), "permissions"] as const,
  invitations: (teamId: string) => [...teamKeys.team(teamId), "invitations"] as const,
  apiKeys: (teamId: string) => [...teamKeys.team(teamId), "api-keys"] as const,
};

type SdkCache = { refresh(key: unknown[]): Promise<unknown> };
type SdkInternals = { _getSession?: () => Promise<unknown> } & Record<string, SdkCache | undefined>;

/**
 * The SDK keeps its own copy of every list and refreshes it only after its own changes: 2.8.108
 * leaves the team list as it was after leaving a team or accepting an invitation by code, and the
 * members as they were when someone joined elsewhere. Here TanStack Query decides when to read
 * again, so each read first has the SDK refresh its copy (its caches are internal: when a later
 * SDK renames them, the SDK's own copy is used as before).
 */
async function refreshSdkCache(app: StackClient, cache: string, ...key: unknown[]): Promise<void> {
  const internals = app as unknown as SdkInternals;
  const target = internals[cache];
  if (typeof target?.refresh !== "function" || typeof internals._getSession !== "function") return;
  await target.refresh([await internals._getSession.call(app), ...key]);
}

/** The user's teams, freshly read. */
export async function listTeams(): Promise<SdkTeam[]> {
  const app = await getStackApp();
  await refreshSdkCache(app, "_currentUserTeamsCache");
  const user = await app.getUser({ or: "throw" });
  return user.listTeams();
}

export const teamsQuery = () => queryOptions({ queryKey: teamKeys.list(), queryFn: listTeams, staleTime: 0 });

/** A member as the team page shows them: the team profile's name, else the account's name, else the e-mail. */
export interface ShownMember {
  id: string;
  name: string | null;
  email: string | null;
  /** The member's console role (null: none the console knows). */
  role: TeamRole | null;
}

/**
 * The team's members: their team profiles through the SDK, and their e-mails through the app API
 * (the client API has none), so a member who never set a name is still recognisable.
 */
export const teamMembersQuery = (team: SdkTeam) =>
  queryOptions({
    queryKey: teamKeys.members(team.id),
    queryFn: async (): Promise<ShownMember[]> => {
      await refreshSdkCache(await getStackApp(), "_teamMemberProfilesCache", team.id);
      const [profiles, accounts] = await Promise.all([
        team.listUsers(),
        apiRequest<TeamMember[]>(`/teams/${encodeURIComponent(team.id)}/members`),
      ]);
      const byId = new Map(accounts.map((account) => [account.userId, account]));
      return profiles.map((member) => {
        const account = byId.get(member.id);
        return {
          id: member.id,
          name: member.teamProfile.displayName?.trim() || account?.displayName || null,
          email: account?.email ?? null,
          role: account?.role ?? null,
        };
      });
    },
  });

/** The signed-in user's permission ids in the team, contained ones included. */
export const teamPermissionsQuery = (user: SdkUser, team: SdkTeam) =>
  queryOptions({
    queryKey: teamKeys.permissions(team.id),
    queryFn: async () => {
      await refreshSdkCache(await getStackApp(), "_currentUserPermissionsCache", team.id, true);
      const permissions = await user.listPermissions(team, { recursive: true });
      return new Set(permissions.map((permission) => permission.id));
    },
  });

export const teamInvitationsQuery = (team: SdkTeam) =>
  queryOptions({
    queryKey: teamKeys.invitations(team.id),
    queryFn: async () => {
      await refreshSdkCache(await getStackApp(), "_teamInvitationsCache", team.id);
      return team.listInvitations();
    },
  });

/** A team's API keys, freshly read. */
export async function listTeamApiKeys(team: SdkTeam) {
  await refreshSdkCache(await getStackApp(), "_teamApiKeysCache", team.id);
  return team.listApiKeys();
}

/** Re-reads the user, their teams and everything of them after a change. */
export function useRefreshTeams() {
  const queryClient = useQueryClient();
  // The SDK's data, and the app API's list of the user's teams with their roles, asked past its
  // short cache: the change went to the auth service, which that cache does not hear of.
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: accountKeys.all }), refetchMyTeamsNow(queryClient)]);
}
