import { queryOptions } from "@tanstack/react-query";
import { adminFetch, adminKeys } from "../admin-api";

export interface DailyCount {
  date: string;
  activity: number;
}

export interface RecentUser {
  id: string;
  display_name: string | null;
  signed_up_at_millis: number;
  last_active_at_millis: number;
}

/** The answer of GET /internal/metrics (server/auth/routes/internal/metrics.ts). */
export interface Metrics {
  total_users: number;
  daily_users: DailyCount[];
  daily_active_users: DailyCount[];
  login_methods: Array<{ method: string; count: number }>;
  recently_registered: RecentUser[];
  recently_active: RecentUser[];
}

export const metricsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, "metrics"] as const,
    queryFn: () => adminFetch<Metrics>("/internal/metrics"),
    staleTime: 30_000,
  });
