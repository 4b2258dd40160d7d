import { queryOptions } from "@tanstack/react-query";
import { adminFetch, adminKeys, metricsSchema } from "../admin-api";

export type { DailyCount, Metrics, RecentUser } from "../admin-api";

export const metricsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, "metrics"] as const,
    queryFn: () => adminFetch("/internal/metrics", metricsSchema),
    staleTime: 30_000,
  });
