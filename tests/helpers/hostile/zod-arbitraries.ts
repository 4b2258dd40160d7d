import fc from "fast-check";
import type { z } from "zod";
import { hostileValue } from "./hostile-values.ts";

/**
 * fast-check arbitraries from a route's own zod schema (zod 4's definitions): each field is either
 * plausible (so that the request gets past the other fields and reaches deeper code) or hostile,
 * fields go missing, unknown ones appear, and now and then the whole value is hostile.
 */

/** Values the test's fixtures supply for fields whose name or format asks for one. */
export interface Plausible {
  uuids: string[];
  emails: string[];
  /** URLs that lead nowhere harmful: this server, or a closed port on the loopback address. */
  urls: string[];
  /** Text that must never show up in a log line. */
  sentinel: string;
}

// biome-ignore lint/suspicious/noExplicitAny: zod 4's internal definitions are untyped here.
type Def = any;

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function check(def: Def, name: string): Def | undefined {
  return (def.checks ?? []).map((c: Def) => c._zod?.def ?? c).find((c: Def) => c.check === name);
}

const MAX_DEPTH = 6;

/** A plausible-or-hostile value for `schema`, the field being called `name`. */
export function valueFor(schema: z.ZodType, name: string, plausible: Plausible, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: plausibleFor(schema, name, plausible, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** A plausible query string object for `schema` (query values are text). */
export function queryFor(schema: z.ZodType, plausible: Plausible): fc.Arbitrary<Record<string, unknown>> {
  return valueFor(schema, "", plausible).map((value) =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { q: value },
  );
}

function plausibleFor(schema: z.ZodType, name: string, plausible: Plausible, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > MAX_DEPTH) return fc.constant(null);
  const inner = (s: z.ZodType, n = name) => plausibleFor(s, n, plausible, depth + 1);
  switch (def.type) {
    case "string":
      return stringFor(def, name, plausible);
    case "number":
    case "int":
      return numberFor(def);
    case "bigint":
      return fc.bigInt().map(String);
    case "boolean":
      return fc.boolean();
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case "null":
      return fc.constant(null);
    case "optional":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
    case "success":
      return inner(def.innerType);
    case "nullable":
      return fc.oneof({ weight: 4, arbitrary: inner(def.innerType) }, { weight: 1, arbitrary: fc.constant(null) });
    case "pipe":
      return inner(def.in);
    case "lazy":
      return inner(def.getter());
    case "union":
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => inner(o)));
    case "intersection":
      return inner(def.left);
    case "array":
      return fc.array(valueFor(def.element, name, plausible, depth + 1), {
        maxLength: Math.min(check(def, "max_length")?.maximum ?? 3, 3),
      });
    case "tuple":
      return fc.tuple(...(def.items as z.ZodType[]).map((item) => valueFor(item, name, plausible, depth + 1)));
    case "record":
      return fc.dictionary(
        fc.oneof(fc.constantFrom("a", "id", "name", "email"), fc.string({ maxLength: 8 })),
        valueFor(def.valueType, name, plausible, depth + 1),
        { maxKeys: 3 },
      );
    case "object":
      return objectFor(def, plausible, depth);
    default:
      // unknown, any, custom, json and the rest: free JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectFor(def: Def, plausible: Plausible, depth: number): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, z.ZodType>;
  const fields = Object.entries(shape).map(([key, field]) =>
    fc.option(
      valueFor(field, key, plausible, depth + 1).map((v) => [key, v] as const),
      { freq: 5, nil: undefined },
    ),
  );
  const extra = fc.option(
    fc.tuple(fc.constantFrom("unknown_field", "__proto__", "constructor", "a\u0000"), hostileValue),
    { freq: 2, nil: undefined },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([entries, more]) => {
    const out: Record<string, unknown> = {};
    for (const entry of entries) if (entry) Object.defineProperty(out, entry[0], { value: entry[1], enumerable: true });
    if (more) Object.defineProperty(out, more[0], { value: more[1], enumerable: true });
    return out;
  });
}

function numberFor(def: Def): fc.Arbitrary<unknown> {
  const min = check(def, "greater_than")?.value ?? -1_000;
  const max = check(def, "less_than")?.value ?? 1_000_000;
  const integer = check(def, "number_format")?.format?.includes("int") ?? false;
  const lo = Math.max(min, -1e15);
  const hi = Math.min(max, 1e15);
  const arb = integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true });
  // Query parameters arrive as text; coercing schemas read them back.
  return def.coerce ? arb.map(String) : arb;
}

function stringFor(def: Def, name: string, plausible: Plausible): fc.Arbitrary<unknown> {
  const format: string | undefined = def.format ?? check(def, "string_format")?.format;
  const lower = name.toLowerCase();
  if (format === "uuid" || format === "guid" || /(^|_)id$|Id$/.test(name)) {
    return fc.oneof(fc.constantFrom(...plausible.uuids, "me"), fc.uuid());
  }
  if (format === "email" || lower.includes("email")) {
    return fc.oneof(
      fc.constantFrom(...plausible.emails),
      fc.stringMatching(/^[a-z]{1,8}$/).map((s) => `${s}-${plausible.sentinel}@example.com`),
    );
  }
  if (format === "url" || lower.endsWith("url") || lower.endsWith("uri") || lower === "redirect") {
    return fc.constantFrom(...plausible.urls);
  }
  if (lower.includes("host")) return fc.constantFrom("127.0.0.1", "localhost");
  if (lower === "port") return fc.constantFrom("9", 9);
  if (lower === "sql") return fc.constantFrom("select 1", "select * from items", "select pg_sleep(0)");
  if (lower.includes("password")) return fc.constantFrom(`pw-${plausible.sentinel}-Strong1`, "short");
  if (format === "regex") {
    const pattern: RegExp = check(def, "string_format")?.pattern;
    // A URL-shaped pattern (postgres://…) gets a closed loopback port, never a generated host.
    if (/postgres|https?|:\\\/\\\//.test(pattern.source)) return fc.constant("postgres://u:p@127.0.0.1:9/db");
    return fc.stringMatching(pattern).filter((s) => s.length < 200);
  }
  if (format === "base64") return fc.base64String({ maxLength: 40 });
  const min = check(def, "min_length")?.minimum ?? 0;
  const max = Math.min(check(def, "max_length")?.maximum ?? 40, 40);
  return fc.oneof(
    fc.string({ minLength: Math.min(min, max), maxLength: max }),
    fc.constant(`plain ${plausible.sentinel}`.slice(0, Math.max(max, 1))),
  );
}
