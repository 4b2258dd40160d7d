import type { MyTeam } from "@contract/teams";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
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

/**
 * After a change the app API did not see (a team created or joined through the auth service), the
 * list as it is now: the server keeps a user's teams for two seconds, and the list read just before
 * the change would otherwise come back without the new team and its role.
 */
export async function refetchMyTeamsNow(queryClient: QueryClient): Promise<void> {
  try {
    queryClient.setQueryData(workspaceKeys.teams(), await apiRequest<MyTeam[]>("/teams", { fresh: true }));
  } catch {
    // The change itself was made; the list follows at its next refetch.
    await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
  }
}
