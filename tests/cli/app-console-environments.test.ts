// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} here is the reference syntax under test, never a placeholder
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { createdServiceTokenSchema } from "../../server/contract/service-tokens.ts";
import { api } from "../api/api-client.ts";
import { type BuiltCli, builtCli } from "../helpers/built-cli.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

// The built command line's --env against a real server with per-app environments. Each case spawns
// Node: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let server: TestServer;
let cli: BuiltCli;
let alice: TestUser;
let appId: string;

beforeAll(async () => {
  [server, cli] = await Promise.all([startTestServer(), builtCli()]);
  alice = await createTestUser(server, { verified: true });
  appId = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "Envs" })).data).id;
  const loggedIn = await cli.login(server, alice);
  expect(loggedIn.code).toBe(0);
});
afterAll(async () => {
  await server?.close();
  cli?.cleanup();
});

describe("environments through the built command line", () => {
  it("envs list; set and import write the environment named", async () => {
    const listed = await cli.run(["envs", "list", "--app", appId]);
    expect(listed.code).toBe(0);
    expect(
      listed.stdout
        .trim()
        .split("\n")
        .map((row) => row.split(/\s+/).slice(0, 2)),
    ).toEqual([
      ["SLUG", "NAME"],
      ["development", "Development"],
      ["staging", "Staging"],
      ["production", "Production"],
    ]);

    const staging = await cli.run(["secrets", "set", "DB=staging-db", "--app", appId, "--env", "staging"]);
    expect([staging.code, staging.stderr]).toEqual([0, "Created DB in staging.\n"]);
    const production = await cli.run(["secrets", "import", "-", "--app", appId, "-e", "production"], {
      stdin: "DB=production-db\nONLY_PROD=1\n",
    });
    expect([production.code, production.stderr]).toEqual([
      0,
      "Imported into production: 2 new, 0 replaced, 0 unchanged.\n",
    ]);
  });

  it("pull and run read the environment named; an unknown one names the fix", async () => {
    const pull = async (env?: string) => {
      const out = await cli.run([
        "secrets",
        "pull",
        "--app",
        appId,
        "--format",
        "json",
        ...(env ? ["--env", env] : []),
      ]);
      expect([out.code, out.stderr]).toEqual([0, ""]);
      return JSON.parse(out.stdout) as Record<string, string>;
    };
    expect(await pull("staging")).toEqual({ DB: "staging-db" });
    expect(await pull("production")).toEqual({ DB: "production-db", ONLY_PROD: "1" });
    expect(await pull()).toEqual({});

    const ran = await cli.run([
      "run",
      "--app",
      appId,
      "--env",
      "production",
      "--",
      process.execPath,
      "-e",
      "process.exit(process.env.DB === 'production-db' ? 4 : 5)",
    ]);
    expect(ran.code).toBe(4);

    const unknown = await cli.run(["secrets", "pull", "--app", appId, "--env", "prod"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      `Error: App ${appId} has no environment "prod". (ENVIRONMENT_NOT_FOUND)\nFix: List its environments with: app-console envs list --app ${appId} (and check --env, CONSOLE_ENV or app-console.json).\n`,
    );
  });

  it("setup keeps the environment in app-console.json and checks it exists", async () => {
    const project = join(cli.home, "project");
    mkdirSync(project, { recursive: true });
    const wrong = await cli.run(["setup", "--app", appId, "--env", "qa"], { cwd: project });
    expect([wrong.code, wrong.stderr]).toEqual([
      1,
      `Error: App ${appId} has no environment "qa".\nFix: Use one of: development, staging, production\n`,
    ]);
    const wrote = await cli.run(["setup", "--app", appId, "--env", "staging"], { cwd: project });
    expect(wrote.code).toBe(0);
    expect(JSON.parse(readFileSync(join(project, "app-console.json"), "utf8"))).toEqual({
      app: appId,
      environment: "staging",
    });
    const pulled = await cli.run(["secrets", "pull", "--format", "json"], { cwd: project });
    expect(JSON.parse(pulled.stdout)).toEqual({ DB: "staging-db" });
    const overridden = await cli.run(["secrets", "pull", "--format", "json", "--env", "production"], { cwd: project });
    expect(JSON.parse(overridden.stdout)).toMatchObject({ DB: "production-db" });
  });

  it("a production token reads production without --env and refuses another environment with the fix", async () => {
    const created = await api(server, alice.accessToken, "POST", `/apps/${appId}/tokens`, {
      name: "deploy",
      environment: "production",
    });
    const token = createdServiceTokenSchema.parse(created.data).token;
    const env = { CONSOLE_TOKEN: token, CONSOLE_URL: server.url };
    const own = await cli.run(["secrets", "pull", "--app", appId, "--format", "json"], { env });
    expect(JSON.parse(own.stdout)).toEqual({ DB: "production-db", ONLY_PROD: "1" });
    const other = await cli.run(["secrets", "pull", "--app", appId, "--env", "staging"], { env });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(
      '"staging". (SERVICE_TOKEN_WRONG_ENVIRONMENT)\nFix: Leave out --env (and CONSOLE_ENV, and the project file\'s environment)',
    );
    expect(other.stdout).toBe("");
  });

  it("pull and run resolve references; one that cannot be followed fails the whole pull with its key and a fix", async () => {
    const refs = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "Refs" })).data).id;
    const set = (key: string, value: string, env = "development") =>
      api(server, alice.accessToken, "POST", `/apps/${refs}/secrets?environment=${env}`, { key, value });
    await set("HOST", "db");
    await set("URL", "postgres://${HOST}/${staging.NAME}");
    await set("LIT", "$${HOST}");
    await set("NAME", "shop", "staging");
    const pulled = await cli.run(["secrets", "pull", "--app", refs, "--format", "json"]);
    expect([pulled.code, pulled.stderr]).toEqual([0, ""]);
    expect(JSON.parse(pulled.stdout)).toEqual({ HOST: "db", LIT: "${HOST}", URL: "postgres://db/shop" });
    const ran = await cli.run([
      "run",
      "--app",
      refs,
      "--",
      process.execPath,
      "-e",
      "process.exit(process.env.URL === 'postgres://db/shop' && process.env.LIT === '${HOST}' ? 4 : 5)",
    ]);
    expect(ran.code).toBe(4);

    // A development token may not follow the reference into staging: nothing is printed.
    const created = await api(server, alice.accessToken, "POST", `/apps/${refs}/tokens`, { name: "dev" });
    const env = { CONSOLE_TOKEN: createdServiceTokenSchema.parse(created.data).token, CONSOLE_URL: server.url };
    const refused = await cli.run(["secrets", "pull", "--app", refs], { env });
    expect([refused.code, refused.stdout, refused.stderr]).toEqual([
      1,
      "",
      "Error: URL: the reference ${staging.NAME} names values this caller may not read. (SECRET_REFERENCE_FORBIDDEN)\nFix: A service token follows references within its own environment only: copy the value into this environment, or pull signed in as a user who may read what the reference names.\n",
    ]);
    await set("URL", "postgres://${HOST}/${NOPE}");
    const missing = await cli.run(["secrets", "pull", "--app", refs]);
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([
      1,
      "",
      "Error: URL: the reference ${NOPE} names a key that does not exist. (SECRET_REFERENCE_MISSING)\nFix: Add the key that ${NOPE} names, or change the value of URL; write $${ for a literal ${.\n",
    ]);
  });

  it("envs create, rename and delete, and secrets copy between environments on the server", async () => {
    const app = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "Copies" })).data).id;
    const run = (...args: string[]) => cli.run([...args, "--app", app]);

    const created = await run("envs", "create", "qa");
    expect([created.code, created.stderr]).toEqual([
      0,
      "Created the environment qa. Set its secrets with: app-console secrets set KEY=value --env qa\n",
    ]);
    const taken = await run("envs", "create", "qa");
    expect([taken.code, taken.stderr.split("\n")[0]]).toEqual([
      1,
      `Error: App ${app} has an environment "qa" already. (ENVIRONMENT_SLUG_TAKEN)`,
    ]);
    const renamed = await run("envs", "rename", "qa", "--name", "Quality", "--slug", "quality");
    expect([renamed.code, renamed.stderr]).toEqual([
      0,
      "Renamed qa to quality. Commands, project files and CONSOLE_ENV that name qa need quality now.\n",
    ]);
    const listed = await run("envs", "list", "--json");
    expect((JSON.parse(listed.stdout) as { slug: string; name: string }[]).at(-1)).toMatchObject({
      slug: "quality",
      name: "Quality",
    });

    await run("secrets", "set", "A=1", "B=2", "--env", "staging");
    await run("secrets", "set", "B=other", "--env", "quality");
    // Without keys: what the target lacks; B has another value there and stays.
    const missing = await run("secrets", "copy", "--from", "staging", "--to", "quality");
    expect([missing.code, missing.stderr]).toEqual([
      0,
      "Copied from staging into quality: 1 new, 0 replaced, 0 unchanged.\nKept (another value in quality): B. Name them with --replace to overwrite.\n",
    ]);
    const refused = await run("secrets", "copy", "B", "--from", "staging", "--to", "quality");
    expect([refused.code, refused.stderr.split("\n")[0]]).toEqual([
      1,
      "Error: Nothing was copied: B has another value in the target. (COPY_WOULD_REPLACE)",
    ]);
    const replaced = await run("secrets", "copy", "A", "B", "--from", "staging", "--to", "quality", "--replace");
    expect([replaced.code, replaced.stderr]).toEqual([
      0,
      "Copied from staging into quality: 0 new, 1 replaced, 1 unchanged.\n",
    ]);
    const pulled = await run("secrets", "pull", "--env", "quality", "--format", "json");
    expect(JSON.parse(pulled.stdout)).toEqual({ A: "1", B: "2" });

    const unconfirmed = await run("envs", "delete", "quality");
    expect([unconfirmed.code, unconfirmed.stderr]).toEqual([
      2,
      "Error: Deleting quality deletes its secrets and their versions; it cannot be undone.\nFix: Run it again with --yes: app-console envs delete quality --yes\n",
    ]);
    const deleted = await run("envs", "delete", "quality", "--yes");
    expect([deleted.code, deleted.stderr]).toEqual([0, "Deleted the environment quality.\n"]);
    const gone = await run("secrets", "pull", "--env", "quality");
    expect(gone.stderr).toContain("(ENVIRONMENT_NOT_FOUND)");
  });
});
