/**
 * The root of a team's queries (members, permissions, invitations), under the account root
 * (`accountKeys.all`). Apart from the SDK helpers (teams-sdk.ts), so that the socket's handler,
 * which is on the first paint, can name a team's queries without loading them.
 */
export const TEAM_KEYS_ROOT = ["account", "teams"] as const;

export const teamQueryKey = (teamId: string) => [...TEAM_KEYS_ROOT, teamId] as const;
