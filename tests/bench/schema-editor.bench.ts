// Database page (issue 36): opening the table editor of a 100-column table. Two parts, both from a
// real server: the editor's request for the table (`GET …/schema-editor/table/{name}`, on the store
// the bench runs on), and, in Chromium, from opening the editor with that answer to the painted
// frame with all 100 column cards (tests/bench/editor-page). Target: under 300 ms together.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { chromiumPath } from "../../scripts/ensure-chromium.mjs";
import type { CatalogTypesResponse, EditorTableResponse } from "../../server/contract/schema-editor.ts";
import { createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer, testStoreKind } from "../helpers/test-server.ts";
import { type BenchResult, type BenchSuite, benchServerEnv, percentile } from "./harness.ts";
import { buildBenchPage, serve } from "./page-server.ts";

const COLUMNS = 100;
const RUNS = 7;
const here = fileURLToPath(new URL(".", import.meta.url));

const suite: BenchSuite = {
  name: "Database page: the table editor of a 100-column table",
  async run(): Promise<BenchResult[]> {
    const store = testStoreKind();
    const server = await startTestServer({ store, env: benchServerEnv({ LOG_LEVEL: "warn" }) });
    let table: EditorTableResponse;
    let types: CatalogTypesResponse;
    const serverTimes: number[] = [];
    try {
      const user = await createTestUser(server, { verified: true });
      const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
        const response = await server.request(`/api/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const answer = (await response.json()) as [T, unknown];
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
        return answer[0];
      };
      const db = await call<{ id: string }>("POST", "/db", { kind: "managed", name: "editor-bench" });
      const kinds = ["int", "text", "boolean", "timestamptz", "numeric(12,2)", "jsonb", "uuid", "date"];
      const columns = Array.from(
        { length: COLUMNS - 1 },
        (_, i) =>
          `c${i + 1} ${kinds[i % kinds.length]}${i % 3 === 0 ? " NOT NULL DEFAULT " + (i % 8 === 1 ? "''" : i % 8 === 2 ? "false" : i % 8 === 3 ? "now()" : i % 8 === 5 ? "'{}'" : i % 8 === 6 ? "gen_random_uuid()" : i % 8 === 7 ? "current_date" : "0") : ""}`,
      );
      await call("POST", `/db/${db.id}/execute`, {
        sql: `CREATE TABLE wide (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, ${columns.join(", ")})`,
      });
      const path = `/db/${db.id}/schema-editor/table/wide?schemaName=public`;
      table = await call<EditorTableResponse>("GET", path);
      types = await call<CatalogTypesResponse>("GET", `/db/${db.id}/schema-editor/types`);
      for (let run = 0; run < RUNS + 1; run++) {
        const started = performance.now();
        await call("GET", path);
        if (run > 0) serverTimes.push(performance.now() - started);
      }
    } finally {
      await server.close();
    }
    if (table.table.columns.length !== COLUMNS) throw new Error(`the table has ${table.table.columns.length} columns`);

    const dir = await buildBenchPage(join(here, "editor-page"), "editor-bench");
    const site = await serve(dir);
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--headless=new", "--no-sandbox"] });
    const paintTimes: number[] = [];
    const listTimes: number[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on("pageerror", (error) => console.error("page error:", error.message));
      await page.goto(site.url);
      for (let run = 0; run < RUNS; run++) {
        const times = await page.evaluate(([t, c]) => window.benchEditor(t, c, "wide"), [table, types] as const);
        paintTimes.push(times.painted);
        listTimes.push(times.listed);
        await page.evaluate(() => window.benchClose());
      }
    } finally {
      await browser.close();
      await site.close();
    }
    const serverMedian = percentile(serverTimes, 50);
    const paintMedian = percentile(paintTimes, 50);
    return [
      {
        name: `GET …/schema-editor/table (${COLUMNS} columns), median of ${RUNS}`,
        value: serverMedian,
        unit: "ms",
        notes: `store ${store}, max ${Math.max(...serverTimes).toFixed(1)} ms`,
      },
      {
        name: `editor opened to ${COLUMNS} column cards painted (Chromium), median of ${RUNS}`,
        value: paintMedian,
        unit: "ms",
        notes: `first (cold) ${paintTimes[0]?.toFixed(1)} ms, worst ${Math.max(...paintTimes).toFixed(1)} ms`,
      },
      {
        name: `every column's type list filled in after opening, median of ${RUNS}`,
        value: percentile(listTimes, 50),
        unit: "ms",
        notes: "rendered in a transition, between frames",
      },
      {
        name: "opening the editor: request and painted cards together (medians)",
        value: serverMedian + paintMedian,
        unit: "ms",
        target: "< 300 ms",
      },
    ];
  },
};

export default suite;
