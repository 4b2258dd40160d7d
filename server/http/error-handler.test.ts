import { Writable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import type { AppEnv } from "./env.ts";
import { createErrorHandler } from "./error-handler.ts";
import { requestContext } from "./request-context.ts";

const SECRET = "sentinel-secret-4c1f";

describe("the error handler's log lines", () => {
  let client: PGlite;
  let app: Hono<AppEnv>;
  const lines: string[] = [];

  beforeAll(async () => {
    client = await PGlite.create();
    const db = drizzle({ client });
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const logger = createLogger({ level: "debug", destination });
    app = new Hono<AppEnv>();
    app.onError(createErrorHandler(logger));
    app.use("*", requestContext(logger));
    // A bug: a statement against a table that does not exist, with a secret as its parameter.
    app.get("/bug", async () => {
      await db.execute(sql`select * from no_such_table where token = ${SECRET}`);
      return new Response("unreachable");
    });
    // A value the store refuses (class 22) that slipped past validation.
    app.get("/refused", async () => {
      await db.execute(sql`select ${SECRET}::uuid`);
      return new Response("unreachable");
    });
    // An error logged directly, under another key than `err`, by any component.
    app.get("/direct", async (c) => {
      try {
        await db.execute(sql`insert into no_such_table values (${SECRET})`);
      } catch (error) {
        c.get("log").warn({ error, context: { cause: error } }, "something failed");
      }
      return c.text("ok");
    });
  });
  afterAll(async () => {
    await client?.close();
  });

  it("answers a bug with 500 and logs the statement's code and message, never its parameters", async () => {
    lines.length = 0;
    const res = await app.request("/bug");
    expect(res.status).toBe(500);
    const text = lines.join("\n");
    expect(text).toContain("unhandled error");
    expect(text).toContain("42P01");
    expect(text).toContain("Failed query: select * from no_such_table where token = $1");
    expect(text).not.toContain(SECRET);
    expect(await res.text()).not.toContain(SECRET);
  });

  it("answers a value the store refused with 400 SCHEMA_ERROR, logging no value", async () => {
    lines.length = 0;
    const res = await app.request("/refused");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("SCHEMA_ERROR");
    const text = lines.join("\n");
    expect(text).toContain("22P02");
    expect(text).not.toContain(SECRET);
  });

  it("keeps parameters out of errors logged under any key", async () => {
    lines.length = 0;
    expect((await app.request("/direct")).status).toBe(200);
    const text = lines.join("\n");
    expect(text).toContain("something failed");
    expect(text).toContain("42P01");
    expect(text).not.toContain(SECRET);
  });
});
