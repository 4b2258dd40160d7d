import type { MyTeam } from "@contract/teams";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * The caller's teams with their role in each (GET /teams), for the workspace switcher and for what
 * the UI offers on a team's resources. Through the app API, not the SDK, so it is persisted with
 * the lists for offline use (names and roles only) and costs no SDK download on the first paint.
 */
export const workspaceKeys = {
  all: ["workspaces"] as const,
  teams: () => [...workspaceKeys.all, "teams"] as const,
};

export const myTeamsQuery = () =>
  queryOptions({
    queryKey: workspaceKeys.teams(),
    queryFn: () => apiRequest<MyTeam[]>("/teams"),
  });
