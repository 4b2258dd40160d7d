// Team activity (issue 32): a page of GET /teams/{id}/activity's query for a team whose 20 apps
// hold half of TEAM_ACTIVITY_BENCH_ROWS app history events (100,000 by default; the other half is
// 20 personal apps') plus 1,000 events of its own, on PGlite and PostgreSQL. The store's own query,
// in process: the route adds the access check and JSON, which other suites measure.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listTeamActivity } from "../../server/api/lib/history/team-log.ts";
import { openStore, type Store } from "../../server/db/store.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { createScratchDatabase, postgresReachable } from "../helpers/postgres.ts";
import type { BenchResult, BenchSuite } from "./harness.ts";

const ROWS = Number(process.env.TEAM_ACTIVITY_BENCH_ROWS ?? 100_000);
const TEAM = "11111111-1111-4111-8111-111111111111";
const RUNS = 20;

async function fill(store: Store): Promise<void> {
  await store.query(
    `insert into apps (owner_type, owner_id, title) select 'team', $1, 'team app ' || g from generate_series(1, 20) g`,
    [TEAM],
  );
  await store.query(
    `insert into apps (owner_type, owner_id, title) select 'user', 'someone', 'own app ' || g from generate_series(1, 20) g`,
  );
  await store.query(
    `insert into app_audit_events (app_id, actor_kind, actor_id, actor_label, action, subject, created_at)
     select (select id from apps order by title offset (g % 40) limit 1), 'user', 'user-' || (g % 7),
            'u' || (g % 7) || '@example.test', 'secret.updated', 'KEY_' || g, now() - g * interval '1 second'
     from generate_series(1, $1::int) g`,
    [ROWS],
  );
  await store.query(
    `insert into team_activity_events (team_id, actor_id, actor_label, action, subject, resource_type, resource_id, created_at)
     select $1, 'user-1', 'u1@example.test', 'member.role_changed', 'm@example.test', 'team', $1, now() - g * interval '3 seconds'
     from generate_series(1, 1000) g`,
    [TEAM],
  );
  await store.query("analyze");
}

async function mean(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const start = performance.now();
  for (let i = 0; i < RUNS; i++) await fn();
  return (performance.now() - start) / RUNS;
}

async function measure(kind: "pglite" | "postgres"): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "team-activity-bench-"));
  const scratch = kind === "postgres" ? await createScratchDatabase("activity_bench") : null;
  const store = await openStore({ dataDir: dir, databaseUrl: scratch?.url, logger: createLogger({ level: "warn" }) });
  try {
    await fill(store);
    const first = await listTeamActivity(store, TEAM, { limit: 50 });
    const rows = `${ROWS.toLocaleString("en")} app events`;
    return [
      {
        name: `${kind}: first page of 50 (${rows})`,
        value: await mean(() => listTeamActivity(store, TEAM, { limit: 50 })),
        unit: "ms",
      },
      {
        name: `${kind}: the page after it`,
        value: await mean(() => listTeamActivity(store, TEAM, { limit: 50, before: first.nextBefore ?? undefined })),
        unit: "ms",
      },
      {
        name: `${kind}: filtered by actor and action`,
        value: await mean(() =>
          listTeamActivity(store, TEAM, { limit: 50, actor: "u3@example.test", action: "secret.updated" }),
        ),
        unit: "ms",
      },
    ];
  } finally {
    await store.close();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const suite: BenchSuite = {
  name: "Team activity: one page of a team's history",
  async run() {
    const results = await measure("pglite");
    const problem = await postgresReachable();
    if (problem) return [...results, { name: `skipped PostgreSQL: ${problem}`, value: 0, unit: "" }];
    return [...results, ...(await measure("postgres"))];
  },
};
export default suite;
