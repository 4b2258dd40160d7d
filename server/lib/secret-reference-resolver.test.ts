// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} here is the reference syntax under test, never a placeholder
import { describe, expect, it } from "vitest";
import {
  type LoadScope,
  type ReferenceScope,
  resolveSecretReferences,
  type ScopeAnswer,
  SecretReferenceError,
} from "./secret-reference-resolver.ts";

const APP = "0b6e3f3a-8c1d-4a52-9e0f-1d2c3b4a5f60";
const OTHER = "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
const ROOT: ReferenceScope = { app: APP, environment: "development" };

const env = (values: Record<string, string>) => new Map(Object.entries(values));

/** A loader over fixed environments ("app/env" → values, or an answer), that records what it was asked. */
function loader(scopes: Record<string, Record<string, string> | "missing" | "forbidden">) {
  const asked: string[] = [];
  const load: LoadScope = async (scope) => {
    const id = `${scope.app}/${scope.environment}`;
    asked.push(id);
    const found = scopes[id] ?? "missing";
    return typeof found === "string" ? found : ({ values: env(found) } satisfies ScopeAnswer);
  };
  return { load, asked };
}

const resolve = (values: Record<string, string>, load: LoadScope = loader({}).load, maxBytes = 65_536) =>
  resolveSecretReferences(ROOT, env(values), load, maxBytes).then((m) => Object.fromEntries(m));

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SecretReferenceError);
  const { code, message, key, reference, cycle } = error as SecretReferenceError;
  return { code, message, key, reference, cycle };
}

describe("resolveSecretReferences", () => {
  it("replaces references to the same environment, nested ones included", async () => {
    expect(
      await resolve({ HOST: "db", PORT: "5432", ADDR: "${HOST}:${PORT}", URL: "postgres://${ADDR}/app", PLAIN: "x" }),
    ).toEqual({ HOST: "db", PORT: "5432", ADDR: "db:5432", URL: "postgres://db:5432/app", PLAIN: "x" });
  });

  it("reads another environment and another app, each value in its own environment", async () => {
    const { load, asked } = loader({
      [`${APP}/staging`]: { HOST: "stage-db", URL: "${HOST}/s", UNUSED: "${GONE}" },
      [`${OTHER}/production`]: { TOKEN: "t-${SUFFIX}", SUFFIX: "42" },
    });
    expect(
      await resolve({ A: "${staging.URL}", B: `\${${OTHER}.production.TOKEN}`, C: "${development.A}" }, load),
    ).toEqual({ A: "stage-db/s", B: "t-42", C: "stage-db/s" });
    // Each environment is loaded once; an unused key with a broken reference does not matter.
    expect(asked).toEqual([`${APP}/staging`, `${OTHER}/production`]);
  });

  it("keeps an escaped ${ as text and does not read what a referenced value resolves to again", async () => {
    expect(await resolve({ LIT: "$${HOST}", HOST: "h", VIA: "${LIT}" })).toEqual({
      LIT: "${HOST}",
      HOST: "h",
      VIA: "${HOST}",
    });
  });

  it("refuses a reference to a key that does not exist, naming the key read", async () => {
    expect(await failure(resolve({ A: "ok", B: "x${NOPE}" }))).toEqual({
      code: "SECRET_REFERENCE_MISSING",
      message: "B: the reference ${NOPE} names a key that does not exist.",
      key: "B",
      reference: "${NOPE}",
      cycle: null,
    });
    // An environment that does not exist, and a missing key behind another reference.
    expect((await failure(resolve({ A: "${qa.K}" }))).message).toBe(
      "A: the reference ${qa.K} names a key that does not exist.",
    );
    const { load } = loader({ [`${APP}/staging`]: { B: "${C}" } });
    expect((await failure(resolve({ A: "${staging.B}" }, load))).message).toBe(
      "A: the reference ${C} (in staging.B) names a key that does not exist.",
    );
  });

  it("refuses an environment the loader forbids", async () => {
    const { load } = loader({ [`${OTHER}/production`]: "forbidden" });
    expect(await failure(resolve({ OK: "1", X: `\${${OTHER}.production.K}` }, load))).toEqual({
      code: "SECRET_REFERENCE_FORBIDDEN",
      message: `X: the reference \${${OTHER}.production.K} names values this caller may not read.`,
      key: "X",
      reference: `\${${OTHER}.production.K}`,
      cycle: null,
    });
  });

  it("refuses a cycle: a key naming itself, two keys, and one through another environment", async () => {
    expect(await failure(resolve({ SELF: "${SELF}" }))).toEqual({
      code: "SECRET_REFERENCE_CYCLE",
      message: "SELF: the references go round in a circle (SELF -> SELF).",
      key: "SELF",
      reference: null,
      cycle: ["SELF", "SELF"],
    });
    const two = await failure(resolve({ A: "${B}", B: "x${A}" }));
    expect([two.key, two.cycle]).toEqual(["A", ["A", "B", "A"]]);
    const { load } = loader({ [`${APP}/staging`]: { B: "${development.C}" } });
    const far = await failure(resolve({ START: "${C}", C: "${staging.B}" }, load));
    expect([far.key, far.cycle]).toEqual(["START", ["C", "staging.B", "C"]]);
  });

  it("refuses a value that grows over the limit with its references resolved", async () => {
    const values: Record<string, string> = { K0: "x".repeat(10) };
    for (let i = 1; i <= 5; i++) values[`K${i}`] = `\${K${i - 1}}\${K${i - 1}}`;
    expect(await resolve(values, undefined, 320)).toMatchObject({ K5: "x".repeat(320) });
    const refused = await failure(resolve(values, undefined, 319));
    expect([refused.code, refused.key, refused.message]).toEqual([
      "SECRET_REFERENCE_TOO_LARGE",
      "K5",
      "K5: with its references resolved, K5 would be over 319 bytes.",
    ]);
  });
});
