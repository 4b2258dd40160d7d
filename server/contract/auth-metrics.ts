import { z } from "zod";

/** One day of a 30-day chart: its date (YYYY-MM-DD, UTC) and how many. */
const dailyCountSchema = z.object({ date: z.string(), activity: z.number() });
export type DailyCount = z.infer<typeof dailyCountSchema>;

const recentUserSchema = z.object({
  id: z.string(),
  display_name: z.string().nullable(),
  signed_up_at_millis: z.number(),
  last_active_at_millis: z.number(),
});
export type RecentUser = z.infer<typeof recentUserSchema>;

/** GET /internal/metrics: the admin overview's counts, the last 30 days day by day. */
export const metricsSchema = z.object({
  total_users: z.number(),
  daily_users: z.array(dailyCountSchema),
  daily_active_users: z.array(dailyCountSchema),
  login_methods: z.array(z.object({ method: z.string(), count: z.number() })),
  recently_registered: z.array(recentUserSchema),
  recently_active: z.array(recentUserSchema),
});
export type Metrics = z.infer<typeof metricsSchema>;
