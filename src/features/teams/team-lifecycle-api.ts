import { apiRequest } from "@/lib/api-client";

/**
 * The team's own life goes through the app API, which passes each change on to the auth service as
 * the signed-in user (their rights decide there, as with the SDK) and writes it into the team's
 * activity with them as its actor. The SDK's copies are read again afterwards (useRefreshTeams).
 */
const base = (teamId: string) => `/teams/${encodeURIComponent(teamId)}`;

export const createTeam = (displayName: string) =>
  apiRequest<{ id: string; displayName: string }>("/teams", { method: "POST", json: { displayName } });

export const renameTeam = (teamId: string, displayName: string) =>
  apiRequest<{ id: string; displayName: string }>(base(teamId), { method: "PATCH", json: { displayName } });

export const deleteTeam = (teamId: string) => apiRequest<unknown>(base(teamId), { method: "DELETE" });

export const leaveTeam = (teamId: string) => apiRequest<unknown>(`${base(teamId)}/leave`, { method: "POST" });
