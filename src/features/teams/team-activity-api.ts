import type { TeamActivityFilter, TeamActivityPage } from "@contract/team-activity";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiRequest, apiRequestRaw, unwrapPair, withErrorTexts } from "@/lib/api-client";
import { teamActivityQueryKey } from "@/lib/team-query-keys";

const PAGE_SIZE = 50;

export const teamActivityKeys = {
  all: (teamId: string) => teamActivityQueryKey(teamId),
  list: (teamId: string, filter: TeamActivityFilter) => [...teamActivityKeys.all(teamId), filter] as const,
};

function filterParams(filter: TeamActivityFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.actor) params.set("actor", filter.actor);
  if (filter.action) params.set("action", filter.action);
  return params;
}

const teamPath = (teamId: string) => `/teams/${encodeURIComponent(teamId)}`;

/** The export's address for these filters (under /api/v1, as apiRequestRaw takes it). */
export const teamActivityCsvPath = (teamId: string, filter: TeamActivityFilter) => {
  const params = filterParams(filter).toString();
  return `${teamPath(teamId)}/activity.csv${params ? `?${params}` : ""}`;
};

/** GET /teams/{teamId}/activity: newest first, 50 at a time, filtered. */
export const teamActivityQuery = (teamId: string, filter: TeamActivityFilter) =>
  infiniteQueryOptions({
    queryKey: teamActivityKeys.list(teamId, filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => {
      const params = filterParams(filter);
      params.set("limit", String(PAGE_SIZE));
      if (pageParam) params.set("before", pageParam);
      return apiRequest<TeamActivityPage>(`${teamPath(teamId)}/activity?${params}`);
    },
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });

/** Downloads the filtered activity as CSV: the server writes it (the request carries the session). */
export async function downloadTeamActivityCsv(teamId: string, filter: TeamActivityFilter): Promise<void> {
  const response = await apiRequestRaw(teamActivityCsvPath(teamId, filter));
  if (!response.ok)
    await withErrorTexts(async () => unwrapPair(await response.json().catch(() => undefined), response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `team-activity-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
