/**
 * The root of a team's queries (members, permissions, invitations), under the account root
 * (`accountKeys.all`). Apart from the SDK helpers (teams-sdk.ts), so that the socket's handler,
 * which is on the first paint, can name a team's queries without loading them.
 */
export const TEAM_KEYS_ROOT = ["account", "teams"] as const;

export const teamQueryKey = (teamId: string) => [...TEAM_KEYS_ROOT, teamId] as const;

/** A team's activity lists (one per filter), under the team's root so that a `store: teams` event reaches them. */
export const teamActivityQueryKey = (teamId: string) => [...teamQueryKey(teamId), "activity"] as const;

/** Whether a query is some team's activity list: any change in a team's apps or databases may add to it. */
export const isTeamActivityQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] === TEAM_KEYS_ROOT[0] &&
  query.queryKey[1] === TEAM_KEYS_ROOT[1] &&
  query.queryKey[3] === "activity";
