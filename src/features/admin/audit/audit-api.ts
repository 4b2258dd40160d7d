import type { InstanceAuditFilter, InstanceAuditPage } from "@contract/instance-audit";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { saveApiFile } from "@/lib/api-download";
import { adminKeys } from "../admin-api";

const PAGE_SIZE = 50;
/** How often the open page asks for new events ("as they come"); the Refresh button asks at once. */
const LIVE_MS = 10_000;

export const auditKeys = {
  all: [...adminKeys.all, "audit"] as const,
  list: (filter: InstanceAuditFilter) => [...auditKeys.all, "list", filter] as const,
};

function filterParams(filter: InstanceAuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.action) params.set("action", filter.action);
  if (filter.actor) params.set("actor", filter.actor);
  if (filter.q) params.set("q", filter.q);
  return params;
}

/** GET /admin/audit: newest first, 50 at a time, filtered; refreshed while the page is open. */
export const auditQuery = (filter: InstanceAuditFilter) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filter),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => {
      const params = filterParams(filter);
      params.set("limit", String(PAGE_SIZE));
      if (pageParam) params.set("before", String(pageParam));
      return apiRequest<InstanceAuditPage>(`/admin/audit?${params}`);
    },
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    refetchInterval: LIVE_MS,
  });

/** Downloads the filtered log as CSV (the server writes it). */
export function downloadAuditCsv(filter: InstanceAuditFilter): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  return saveApiFile(`/admin/audit/export?${filterParams(filter)}`, {}, `audit-log-${day}.csv`);
}
