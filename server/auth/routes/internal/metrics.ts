import { z } from "zod";
import type { Metrics, RecentUser } from "../../../contract/auth-metrics.ts";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";

const DAYS = 30;
const RECENT = 5;

const query = z.object({ include_anonymous: z.enum(["true", "false"]).default("false") });

interface DayRow extends Record<string, unknown> {
  day: string;
  n: string | number;
}

/**
 * The admin area's dashboard numbers. Each query has a partial index of its own (non-anonymous
 * users by sign-up, by last activity, with a password), so after VACUUM the counts are index-only
 * scans; they run side by side on the pool. With include_anonymous=true the counts read the table.
 * "Active users per day" counts users by the day of their latest activity (the store keeps no
 * per-day history), which is what the chart shows.
 */
export function registerInternalMetrics(app: AuthApp, deps: AuthDeps): void {
  app.get("/internal/metrics", projectAuth(deps, ["admin"]), async (c) => {
    const parsed = query.safeParse(c.req.query());
    if (!parsed.success) throw KnownErrors.schemaError("include_anonymous must be true or false.");
    const projectId = c.get("auth").project.id;
    const withAnonymous = parsed.data.include_anonymous === "true";
    // Trusted constant SQL; the values go as parameters ($1 project, $2 window start).
    const anon = withAnonymous ? "" : " and not is_anonymous";
    const since = new Date(Date.now() - (DAYS - 1) * 86_400_000);
    since.setUTCHours(0, 0, 0, 0);
    const store = deps.ctx.store;
    // One index range count per day: no per-row date arithmetic over the half million rows.
    const perDay = (column: string) =>
      store.query<DayRow>(
        `select to_char(d at time zone 'UTC', 'YYYY-MM-DD') as day,
                (select count(*) from auth_users
                 where project_id = $1 and ${column} >= d and ${column} < d + interval '1 day'${anon}) as n
         from generate_series($2::timestamptz, $2::timestamptz + interval '${DAYS - 1} days', interval '1 day') as d`,
        [projectId, since],
      );
    const recent = (column: string) =>
      store.query<RecentRow>(
        `select id, display_name, signed_up_at, last_active_at from auth_users
         where project_id = $1${anon} order by ${column} desc limit ${RECENT}`,
        [projectId],
      );

    const [total, withPassword, signUps, active, methods, recentSignUps, recentActive] = await Promise.all([
      store.query<{ n: string | number }>(`select count(*) as n from auth_users where project_id = $1${anon}`, [
        projectId,
      ]),
      store.query<{ n: string | number }>(
        `select count(*) as n from auth_users where project_id = $1 and password_hash is not null${anon}`,
        [projectId],
      ),
      perDay("signed_up_at"),
      perDay("last_active_at"),
      store.query<{ method: string; n: string | number }>(
        `select provider_id as method, count(*) as n from auth_oauth_accounts
         where project_id = $1 group by 1 order by 2 desc`,
        [projectId],
      ),
      recent("signed_up_at"),
      recent("last_active_at"),
    ]);

    const metrics: Metrics = {
      total_users: Number(total[0]?.n ?? 0),
      daily_users: fillDays(since, signUps),
      daily_active_users: fillDays(since, active),
      login_methods: [
        { method: "password", count: Number(withPassword[0]?.n ?? 0) },
        ...methods.map((row) => ({ method: row.method, count: Number(row.n) })),
      ],
      recently_registered: recentSignUps.map(renderUser),
      recently_active: recentActive.map(renderUser),
    };
    return c.json(metrics);
  });
}

/** One entry per day of the window, zero where nothing happened, oldest first. */
function fillDays(since: Date, rows: DayRow[]) {
  const byDay = new Map(rows.map((row) => [row.day, Number(row.n)]));
  return Array.from({ length: DAYS }, (_, i) => {
    const date = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { date, activity: byDay.get(date) ?? 0 };
  });
}

/** A user row as the driver gives it (timestamps as dates, or as text from some drivers). */
interface RecentRow {
  id: string;
  display_name: string | null;
  signed_up_at: string | Date;
  last_active_at: string | Date;
}

function renderUser(row: RecentRow): RecentUser {
  const millis = (value: string | Date) => new Date(value).getTime();
  return {
    id: row.id,
    display_name: row.display_name ?? null,
    signed_up_at_millis: millis(row.signed_up_at),
    last_active_at_millis: millis(row.last_active_at),
  };
}
