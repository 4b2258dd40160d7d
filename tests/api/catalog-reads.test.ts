import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readEach } from "../../server/api/lib/databases/catalog-reads.ts";
import { introspectSchema } from "../../server/api/lib/tables/schema-introspection.ts";
import { readTableStructure } from "../../server/api/lib/tables/table-structure.ts";
import { readCatalogTypes } from "../../server/api/schema-editor/catalog-types.ts";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/postgres.ts";
import { describePostgresOnly } from "../helpers/postgres-only.ts";

/** Wraps a client's query to count how many of its queries were in flight at once. */
function overlapOf(client: pg.Client): { most: number } {
  const seen = { most: 0 };
  let running = 0;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args) => {
    running++;
    seen.most = Math.max(seen.most, running);
    try {
      return await query(...args);
    } finally {
      running--;
    }
  };
  return seen;
}

// Both stores reach a database's catalog through pg; a real server is needed for a client and a pool.
describePostgresOnly("catalog reads on one client", () => {
  let scratch: ScratchDatabase;
  let client: pg.Client;
  let pool: pg.Pool;
  beforeAll(async () => {
    scratch = await createScratchDatabase("catalog");
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(
      "CREATE TABLE parent (id int PRIMARY KEY); CREATE TABLE child (id int PRIMARY KEY, parent int REFERENCES parent, note text UNIQUE)",
    );
    pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  });
  afterAll(async () => {
    await client?.end();
    await pool?.end();
    await scratch?.drop();
  });

  // pg queues a client's second query, warns, and will refuse it from pg 9.
  it.each([
    ["a table's structure", (db: pg.Client) => readTableStructure(db, "public", "child")],
    ["the schema tree", (db: pg.Client) => introspectSchema(db)],
    ["the editor's types", (db: pg.Client) => readCatalogTypes(db)],
  ])("%s: one query at a time, the same answer as on a pool", async (_name, read) => {
    const seen = overlapOf(client);
    const onClient = await read(client);
    expect(seen.most).toBe(1);
    expect(onClient).toEqual(await read(pool as unknown as pg.Client));
  });

  it("reads on a pool go at once", async () => {
    let running = 0;
    let most = 0;
    const read = async () => {
      running++;
      most = Math.max(most, running);
      await pool.query("SELECT pg_sleep(0.05)");
      running--;
    };
    await readEach(pool, [read, read, read]);
    expect(most).toBe(3);
  });
});
