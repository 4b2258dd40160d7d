import { metricsSchema } from "@contract/auth-metrics";
import { queryOptions } from "@tanstack/react-query";
import { adminFetch, adminKeys } from "../admin-api";

export type { DailyCount, Metrics, RecentUser } from "@contract/auth-metrics";

export const metricsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, "metrics"] as const,
    queryFn: () => adminFetch("/internal/metrics", metricsSchema),
    staleTime: 30_000,
  });
