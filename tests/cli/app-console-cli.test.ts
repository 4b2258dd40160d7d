import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "dotenv";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { createdServiceTokenSchema } from "../../server/contract/service-tokens.ts";
import { api } from "../api/api-client.ts";
import { AWKWARD } from "../helpers/awkward-values.ts";
import { type BuiltCli, builtCli } from "../helpers/built-cli.ts";
import { appProjectOf, createTestUser, serverHeaders, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

// The built command line (one file, copied outside the repository) against a real server. Each
// case spawns Node: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let server: TestServer;
let cli: BuiltCli;
let alice: TestUser;
let personalId: string;
let teamAppId: string;
let token: string;
const expected = Object.fromEntries(AWKWARD.map((e) => [e.key, e.value]));

async function createApp(user: TestUser, title: string, teamId?: string): Promise<string> {
  const created = await api(server, user.accessToken, "POST", "/apps", {
    title,
    ...(teamId ? { team_id: teamId } : {}),
  });
  return appSchema.parse(created.data).id;
}

async function secretsOf(appId: string): Promise<Record<string, string>> {
  const answer = await api<{ key: string; decryptedValue: string }[]>(
    server,
    alice.accessToken,
    "GET",
    `/apps/${appId}/secrets`,
  );
  return Object.fromEntries(answer.data.map((s) => [s.key, s.decryptedValue]));
}

beforeAll(async () => {
  [server, cli] = await Promise.all([startTestServer(), builtCli()]);
  alice = await createTestUser(server, { verified: true });
  personalId = await createApp(alice, "Shop API");
  for (const { key, value } of AWKWARD) {
    await api(server, alice.accessToken, "POST", `/apps/${personalId}/secrets`, { key, value });
  }
  const team = await server.request("/auth/api/v1/teams", {
    method: "POST",
    headers: serverHeaders(await appProjectOf(server)),
    body: JSON.stringify({ display_name: "Crew", creator_user_id: alice.userId }),
  });
  const teamId = String(((await team.json()) as { id: string }).id);
  teamAppId = await createApp(alice, "Crew site", teamId);
  const created = await api(server, alice.accessToken, "POST", `/apps/${personalId}/tokens`, { name: "cli" });
  token = createdServiceTokenSchema.parse(created.data).token;
});
afterAll(async () => {
  await server?.close();
  cli?.cleanup();
});

describe("help and usage", () => {
  it("every command has --help with examples; a mistyped command is a usage error (2) with a suggestion", async () => {
    const top = await cli.run(["--help"]);
    expect(top.code).toBe(0);
    for (const command of ["login", "apps", "envs", "setup", "secrets", "run"]) expect(top.stdout).toContain(command);
    const commands = [
      ["login"],
      ["logout"],
      ["apps", "list"],
      ["envs", "list"],
      ["setup"],
      ["secrets", "pull"],
      ["secrets", "set"],
      ["secrets", "delete"],
      ["secrets", "import"],
      ["run"],
    ];
    const helps = await Promise.all(commands.map((c) => cli.run([...c, "--help"])));
    helps.forEach((help, i) => {
      expect([help.code, help.stdout]).toEqual([0, expect.stringContaining(`$ app-console ${commands[i]?.join(" ")}`)]);
    });
    const typo = await cli.run(["secrets", "pul"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("(Did you mean pull?)");
    const none = await cli.run([]);
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining("Usage: app-console")]);
    const version = await cli.run(["--version"]);
    expect([version.code, version.stdout.trim()]).toEqual([
      0,
      JSON.parse(readFileSync("package.json", "utf8")).version,
    ]);
  });

  it("names the cause and the fix: no app, an unreachable console, a bad format, a broken project file", async () => {
    const noApp = await cli.run(["secrets", "pull", "--url", server.url], { env: { CONSOLE_TOKEN: token } });
    expect(noApp.code).toBe(2);
    expect(noApp.stderr).toMatch(/^Error: No app named\.\nFix: Name it with --app <id>/);
    const closed = await cli.run(["secrets", "pull", "--app", personalId, "--url", "http://127.0.0.1:9"], {
      env: { CONSOLE_TOKEN: token },
    });
    expect(closed.code).toBe(1);
    expect(closed.stderr).toContain("Error: Cannot reach the console at http://127.0.0.1:9 (");
    expect(closed.stderr).toContain("Fix: Check that it is running");
    const format = await cli.run(["secrets", "pull", "--app", personalId, "--format", "yaml"]);
    expect([format.code, format.stderr]).toEqual([
      2,
      "Error: Unknown format: yaml\nFix: Use --format env (the default), json or shell.\n",
    ]);
    const broken = join(cli.home, "broken");
    mkdirSync(broken);
    writeFileSync(join(broken, "app-console.json"), '{"environment": "staging"}');
    const invalid = await cli.run(["secrets", "pull", "--url", server.url], {
      cwd: broken,
      env: { CONSOLE_TOKEN: token },
    });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain(`The project file ${join(broken, "app-console.json")} is not valid: app:`);
  });
});

describe("with a service token", () => {
  it("pulls as env and json byte for byte; a token cannot write, and says what to do", async () => {
    const env = { CONSOLE_TOKEN: token, CONSOLE_URL: server.url };
    const dotenv = await cli.run(["secrets", "pull", "--app", personalId], { env });
    expect([dotenv.code, dotenv.stderr]).toEqual([0, ""]);
    expect(parse(dotenv.stdout)).toEqual(expected);
    const json = await cli.run(["secrets", "pull", "--app", personalId, "--format", "json"], { env });
    expect(JSON.parse(json.stdout)).toEqual(expected);

    const write = await cli.run(["secrets", "set", "X=1", "--app", personalId], { env });
    expect(write.code).toBe(1);
    expect(write.stderr).toContain("(SERVICE_TOKEN_NOT_ALLOWED)\nFix: Unset CONSOLE_TOKEN");
    const wrong = await cli.run(["secrets", "pull", "--app", teamAppId], { env });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("(SERVICE_TOKEN_WRONG_APP)\nFix: Use a token of app");
    const bogus = await cli.run(["secrets", "pull", "--app", personalId], {
      env: { ...env, CONSOLE_TOKEN: `console_st_${"0".repeat(32)}_${"0".repeat(64)}` },
    });
    expect(bogus.code).toBe(1);
    expect(bogus.stderr).toMatch(/\((INVALID_SERVICE_TOKEN|SERVICE_TOKEN_REVOKED)\)\nFix: /);
  });

  it("run passes the secrets and the exit code through; the token is not passed on", async () => {
    const script =
      "process.stdout.write(JSON.stringify([process.env.PEM, process.env.CONSOLE_TOKEN ?? null])); process.exit(9)";
    const ran = await cli.run(["run", "--app", personalId, "--", process.execPath, "-e", script], {
      env: { CONSOLE_TOKEN: token, CONSOLE_URL: server.url },
    });
    expect(ran.code).toBe(9);
    expect(JSON.parse(ran.stdout)).toEqual([expected.PEM, null]);
    const missing = await cli.run(["run", "--app", personalId, "--", "no-such-command-xyz"], {
      env: { CONSOLE_TOKEN: token, CONSOLE_URL: server.url },
    });
    expect([missing.code, missing.stderr.trim()]).toEqual([127, "command not found: no-such-command-xyz"]);
  });
});

describe("signed in with login", () => {
  // One session for the cases below, which run in order: setup writes the project file the later ones use.
  let project: string;
  let deep: string;
  const pem = expected.PEM ?? "";
  beforeAll(async () => {
    const loggedIn = await cli.login(server, alice);
    expect([loggedIn.code, loggedIn.stdout]).toEqual([0, expect.stringContaining(`Signed in as ${alice.email}`)]);
    project = join(cli.home, "project");
    deep = join(project, "src", "deep");
    mkdirSync(deep, { recursive: true });
  });

  it("apps list shows the apps of every workspace with their owner; a token in the shell is not used", async () => {
    const listed = await cli.run(["apps", "list"], { env: { CONSOLE_TOKEN: token } });
    expect(listed.code).toBe(0);
    const rows = listed.stdout.trim().split("\n");
    expect(rows[0]).toMatch(/^ID\s+TITLE\s+OWNER$/);
    expect(rows).toContainEqual(expect.stringMatching(new RegExp(`^${personalId}\\s+Shop API\\s+personal$`)));
    expect(rows).toContainEqual(
      expect.stringMatching(new RegExp(`^${teamAppId}\\s+Crew site\\s+team Crew \\(owner\\)$`)),
    );
    const listedJson = await cli.run(["apps", "list", "--json"]);
    expect(JSON.parse(listedJson.stdout)).toContainEqual({
      id: teamAppId,
      title: "Crew site",
      owner: { type: "team", id: expect.any(String), name: "Crew", role: "owner" },
    });
  });

  it("setup names the app by title and writes app-console.json; without a match it lists the choices", async () => {
    const unnamed = await cli.run(["setup"], { cwd: project });
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain(`${personalId}  Shop API`);
    const unknown = await cli.run(["setup", "--app", "Nope"], { cwd: project });
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining('Error: No app "Nope"')]);
    const wrote = await cli.run(["setup", "--app", "Crew site"], { cwd: project });
    expect(wrote.code).toBe(0);
    expect(JSON.parse(readFileSync(join(project, "app-console.json"), "utf8"))).toEqual({ app: teamAppId });
  });

  it("set (from arguments and standard input) and import from a folder below the project file", async () => {
    const set = await cli.run(["secrets", "set", "API_URL=https://a.example/?x=1&y=2", "EMPTY="], { cwd: deep });
    expect([set.code, set.stderr]).toEqual([0, "Created API_URL in development.\nCreated EMPTY in development.\n"]);
    const fromStdin = await cli.run(["secrets", "set", "PEM"], { cwd: deep, stdin: pem });
    expect(fromStdin.code).toBe(0);
    const badKey = await cli.run(["secrets", "set", "1X=2"], { cwd: deep });
    expect([badKey.code, badKey.stderr]).toEqual([2, expect.stringContaining("Error: Not a valid key: 1X")]);

    writeFileSync(join(deep, ".env"), "API_URL=https://b.example\nNEW_ONE='two words'\n");
    const refused = await cli.run(["secrets", "import", ".env"], { cwd: deep });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      "Error: Nothing was imported: API_URL has another value in development.\nFix: Add --replace to overwrite them with the file's values.\n",
    );
    expect(await secretsOf(teamAppId)).toEqual({ API_URL: "https://a.example/?x=1&y=2", EMPTY: "", PEM: pem });
    const imported = await cli.run(["secrets", "import", ".env", "--replace"], { cwd: deep });
    expect([imported.code, imported.stderr]).toEqual([
      0,
      "Imported into development: 1 new, 1 replaced, 0 unchanged.\n",
    ]);
    const fromStdinImport = await cli.run(["secrets", "import", "-"], { cwd: deep, stdin: "GOOD=1\n" });
    expect(fromStdinImport.code).toBe(0);
  });

  it("pull, delete and run use the project file's app", async () => {
    const pulled = await cli.run(["secrets", "pull", "--format", "json"], { cwd: deep });
    expect([pulled.code, pulled.stderr]).toEqual([0, ""]);
    expect(JSON.parse(pulled.stdout)).toEqual({
      API_URL: "https://b.example",
      EMPTY: "",
      PEM: pem,
      NEW_ONE: "two words",
      GOOD: "1",
    });

    const deleted = await cli.run(["secrets", "delete", "EMPTY"], { cwd: deep });
    expect([deleted.code, deleted.stderr]).toEqual([0, "Deleted EMPTY from development.\n"]);
    const gone = await cli.run(["secrets", "delete", "EMPTY"], { cwd: deep });
    expect([gone.code, gone.stderr]).toEqual([1, expect.stringContaining("(SECRET_NOT_FOUND)\nFix: ")]);

    const ran = await cli.run(
      ["run", "--", process.execPath, "-e", "process.exit(process.env.NEW_ONE === 'two words' ? 5 : 6)"],
      {
        cwd: deep,
      },
    );
    expect(ran.code).toBe(5);
  });

  it("--project-file and --app win over the nearest project file; an unknown app names the fix", async () => {
    // --project-file names another file; --app wins over the file.
    const other = join(cli.home, "other.json");
    writeFileSync(other, JSON.stringify({ app: personalId, url: server.url }));
    const viaFile = await cli.run(["secrets", "pull", "--project-file", other, "--format", "json"], { cwd: deep });
    expect(JSON.parse(viaFile.stdout)).toEqual(expected);
    const missingFile = await cli.run(["secrets", "pull", "--project-file", join(cli.home, "none.json")]);
    expect([missingFile.code, missingFile.stderr]).toEqual([2, expect.stringContaining("(ENOENT)")]);
    const stranger = await cli.run(["secrets", "pull", "--app", "00000000-0000-4000-8000-000000000000"], { cwd: deep });
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain("(APP_NOT_FOUND)\nFix: List the apps you can use with: app-console apps list");
  });

  it("logout forgets the session; then a command says how to sign in", async () => {
    const logout = await cli.run(["logout"]);
    expect([logout.code, logout.stdout.trim()]).toEqual([0, `Signed out of ${server.url}.`]);
    const after = await cli.run(["apps", "list", "--url", server.url]);
    expect(after.code).toBe(1);
    expect(after.stderr).toBe(
      `Error: Not signed in to ${server.url}.\nFix: Sign in with: app-console login --url ${server.url}\n     or set CONSOLE_TOKEN (or --token) to a service token of the app.\n`,
    );
  });
});
