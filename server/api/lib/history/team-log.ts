import type { TeamActivityAction, TeamActivityEntry, TeamActivityFilter } from "../../../contract/team-activity.ts";
import type { Db, Store } from "../../../db/store.ts";
import { insertTeamEvents, type TeamEventRecord } from "../../../lib/team-events.ts";
import type { ApiUser } from "../core/api-env.ts";

export type { TeamEventRecord };

/**
 * Writes events to a team's own log with the actor's e-mail as it is now, so the row still names
 * them after they have left the team (the app history copies its labels the same way).
 */
export async function recordTeamEvents(
  db: Db,
  teamId: string,
  user: ApiUser,
  records: TeamEventRecord[],
): Promise<void> {
  await insertTeamEvents(db, teamId, { id: user.id, label: user.email, impersonator: user.impersonator }, records);
}

interface ActivityRow {
  src: "a" | "t";
  id: string;
  micros: string;
  created_at: string;
  actor_kind: "user" | "token";
  actor_id: string;
  actor_label: string | null;
  impersonator_id: string | null;
  impersonator_label: string | null;
  action: string;
  subject: string | null;
  detail: Record<string, unknown> | string | null;
  resource_type: "app" | "database" | "team";
  resource_id: string;
  resource_name: string | null;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The app history of every app the team owns now (moved in: its whole history comes along; moved
 * out: it goes with the app, while the team's own log keeps the move) and the team's own log,
 * merged newest first. Deleted apps of the team keep their entries here: they were the team's.
 */
function activitySql(teamId: string, filter: TeamActivityFilter, before: string | undefined, limit: number) {
  const params: unknown[] = [teamId];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const appWhere = [`a.owner_type = 'team'`, "a.owner_id = $1"];
  const teamWhere = ["t.team_id = $1"];
  if (filter.action) {
    const p = param(filter.action);
    appWhere.push(`e.action = ${p}`);
    teamWhere.push(`t.action = ${p}`);
  }
  if (filter.actor) {
    const id = param(filter.actor);
    const email = param(filter.actor.toLowerCase());
    appWhere.push(`(e.actor_id = ${id} or (e.actor_kind = 'user' and lower(e.actor_label) = ${email}))`);
    teamWhere.push(`(t.actor_id = ${id} or lower(t.actor_label) = ${email})`);
  }
  const limitParam = param(limit);
  if (before) {
    const [micros, src, id] = before.split(".");
    // Exact: the cursor's microseconds back into a timestamp without passing through a float.
    const at = `(timestamptz 'epoch' + ${param(micros)}::bigint * interval '1 microsecond')`;
    const from = param(src);
    const below = param(id);
    appWhere.push(`(e.created_at, 'a'::text, e.id) < (${at}, ${from}::text, ${below}::bigint)`);
    teamWhere.push(`(t.created_at, 't'::text, t.id) < (${at}, ${from}::text, ${below}::bigint)`);
  }
  // Each store gives its newest `limit` first (a top-N sort each), then the two are merged.
  const text = `
    select x.src, x.id::text as id, ((extract(epoch from x.created_at) * 1000000)::bigint)::text as micros,
      to_char(x.created_at at time zone 'UTC', ${ISO}) as created_at,
      x.actor_kind, x.actor_id, x.actor_label, x.impersonator_id, x.impersonator_label, x.action, x.subject, x.detail,
      x.resource_type, x.resource_id, x.resource_name
    from (
      (select 'a'::text as src, e.id, e.created_at, e.actor_kind, e.actor_id,
        e.actor_label, e.impersonator_id, e.impersonator_label, e.action, e.subject, e.detail,
        'app'::text as resource_type, a.id::text as resource_id, a.title as resource_name
      from app_audit_events e join apps a on a.id = e.app_id
      where ${appWhere.join(" and ")}
      order by e.created_at desc, e.id desc
      limit ${limitParam})
      union all
      (select 't'::text, t.id, t.created_at, 'user'::text, t.actor_id,
        t.actor_label, t.impersonator_id, t.impersonator_label, t.action, t.subject, t.detail,
        t.resource_type, t.resource_id, t.resource_name
      from team_activity_events t
      where ${teamWhere.join(" and ")}
      order by t.created_at desc, t.id desc
      limit ${limitParam})
    ) x
    order by x.created_at desc, x.src desc, x.id desc
    limit ${limitParam}`;
  return { text, params };
}

function toEntry(r: ActivityRow): TeamActivityEntry {
  const detail = typeof r.detail === "string" ? (JSON.parse(r.detail) as Record<string, unknown>) : r.detail;
  return {
    id: `${r.src}${r.id}`,
    action: r.action as TeamActivityAction,
    subject: r.subject,
    actor: {
      kind: r.actor_kind,
      id: r.actor_id,
      label: r.actor_label,
      impersonator: r.impersonator_id ? { id: r.impersonator_id, label: r.impersonator_label } : null,
    },
    resource: { type: r.resource_type, id: r.resource_id, name: r.resource_name },
    detail: detail ?? null,
    createdAt: r.created_at,
  };
}

/** One page of the team's activity, newest first; `before` is the cursor the previous page answered. */
export async function listTeamActivity(
  store: Store,
  teamId: string,
  query: TeamActivityFilter & { before?: string; limit: number },
): Promise<{ entries: TeamActivityEntry[]; nextBefore: string | null }> {
  const { text, params } = activitySql(teamId, query, query.before, query.limit + 1);
  const rows = await store.query<ActivityRow>(text, params);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    nextBefore: rows.length > query.limit && last ? `${last.micros}.${last.src}.${last.id}` : null,
  };
}

/** Every matching entry, newest first, read a page at a time (for the CSV export). */
export async function* eachTeamActivityEntry(
  store: Store,
  teamId: string,
  filter: TeamActivityFilter,
  max: number,
): AsyncGenerator<TeamActivityEntry> {
  let before: string | undefined;
  let given = 0;
  while (given < max) {
    const page = await listTeamActivity(store, teamId, { ...filter, before, limit: Math.min(1_000, max - given) });
    for (const entry of page.entries) yield entry;
    given += page.entries.length;
    if (page.nextBefore === null) return;
    before = page.nextBefore;
  }
}
