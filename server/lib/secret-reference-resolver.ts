import { parseSecretValue, type SecretReference } from "../contract/secret-references.ts";

/** One environment of one app: the app's id and the environment's slug. */
export interface ReferenceScope {
  app: string;
  environment: string;
}

/**
 * What the reader gets for a scope other than the one being read: its values in clear, or that it
 * does not exist (no such environment) or may not be read by this reader (the access layer's call,
 * made by the caller's loader; an app the reader cannot see at all answers `forbidden` too, so a
 * reference never tells whether another app exists).
 */
export type ScopeAnswer = { values: ReadonlyMap<string, string> } | "missing" | "forbidden";

export type LoadScope = (scope: ReferenceScope) => Promise<ScopeAnswer>;

export type SecretReferenceErrorCode =
  | "SECRET_REFERENCE_MISSING"
  | "SECRET_REFERENCE_CYCLE"
  | "SECRET_REFERENCE_FORBIDDEN"
  | "SECRET_REFERENCE_TOO_LARGE";

/**
 * Why an environment cannot be resolved. `key` is the key being read whose value (directly or through
 * others) leads to the problem; `reference` the reference that failed, as written; `cycle` the
 * keys of a cycle, first and last the same, each named as seen from the environment being read.
 */
export class SecretReferenceError extends Error {
  override name = "SecretReferenceError";
  constructor(
    readonly code: SecretReferenceErrorCode,
    message: string,
    readonly key: string,
    readonly reference: string | null,
    readonly cycle: string[] | null = null,
  ) {
    super(message);
  }
}

const scopeId = (scope: ReferenceScope) => `${scope.app}/${scope.environment}`;

/**
 * Every key of the `root` environment with its references replaced by the values they name, each
 * of those resolved in turn (a reference inside a referenced value is read in that value's
 * environment). All or nothing: the first problem (keys in the order of `rootValues`) throws a
 * SecretReferenceError and no value is answered. `load` is asked once per other environment
 * reached, and only for environments a reached value names, so a reference the reader may not
 * follow matters only when a value actually leads to it. A resolved value over `maxBytes` (UTF-8)
 * is refused too: references may repeat a value, and repeats of repeats grow exponentially.
 */
export async function resolveSecretReferences(
  root: ReferenceScope,
  rootValues: ReadonlyMap<string, string>,
  load: LoadScope,
  maxBytes: number,
): Promise<Map<string, string>> {
  const scopes = new Map<string, Promise<ScopeAnswer>>([[scopeId(root), Promise.resolve({ values: rootValues })]]);
  const resolved = new Map<string, string>();
  const path: string[] = [];
  const onPath: string[] = [];

  /** How a key of `scope` is named in messages: as the reader of `root` would write a reference to it. */
  const nameOf = (scope: ReferenceScope, key: string) =>
    scope.app !== root.app
      ? `${scope.app}.${scope.environment}.${key}`
      : scope.environment !== root.environment
        ? `${scope.environment}.${key}`
        : key;

  const answerFor = (scope: ReferenceScope) => {
    const id = scopeId(scope);
    let answer = scopes.get(id);
    if (!answer) {
      answer = load(scope);
      scopes.set(id, answer);
    }
    return answer;
  };

  async function follow(
    from: ReferenceScope,
    holder: string,
    reference: SecretReference,
    rootKey: string,
  ): Promise<string> {
    // Which value holds the reference, when it is not the key being read itself.
    const where = holder === rootKey ? "" : ` (in ${holder})`;
    const scope = { app: reference.app ?? from.app, environment: reference.environment ?? from.environment };
    const answer = await answerFor(scope);
    if (answer === "forbidden") {
      throw new SecretReferenceError(
        "SECRET_REFERENCE_FORBIDDEN",
        `${rootKey}: the reference ${reference.text}${where} names values this caller may not read.`,
        rootKey,
        reference.text,
      );
    }
    const raw = answer === "missing" ? undefined : answer.values.get(reference.key);
    if (raw === undefined) {
      throw new SecretReferenceError(
        "SECRET_REFERENCE_MISSING",
        `${rootKey}: the reference ${reference.text}${where} names a key that does not exist.`,
        rootKey,
        reference.text,
      );
    }
    return resolvedValue(scope, reference.key, raw, rootKey);
  }

  async function resolvedValue(scope: ReferenceScope, key: string, raw: string, rootKey: string): Promise<string> {
    const id = `${scopeId(scope)}/${key}`;
    const done = resolved.get(id);
    if (done !== undefined) return done;
    if (!raw.includes("${")) {
      resolved.set(id, raw);
      return raw;
    }
    const name = nameOf(scope, key);
    const seen = onPath.indexOf(id);
    if (seen >= 0) {
      const cycle = [...path.slice(seen), name];
      throw new SecretReferenceError(
        "SECRET_REFERENCE_CYCLE",
        `${rootKey}: the references go round in a circle (${cycle.join(" -> ")}).`,
        rootKey,
        null,
        cycle,
      );
    }
    path.push(name);
    onPath.push(id);
    let out = "";
    for (const segment of parseSecretValue(raw)) {
      out += "text" in segment ? segment.text : await follow(scope, name, segment.reference, rootKey);
      // length counts UTF-16 units, at most 3 bytes each in UTF-8: only a near miss is measured.
      if (out.length > maxBytes / 3 && Buffer.byteLength(out, "utf8") > maxBytes) {
        throw new SecretReferenceError(
          "SECRET_REFERENCE_TOO_LARGE",
          `${rootKey}: with its references resolved, ${name} would be over ${maxBytes} bytes.`,
          rootKey,
          null,
        );
      }
    }
    path.pop();
    onPath.pop();
    resolved.set(id, out);
    return out;
  }

  const answer = new Map<string, string>();
  for (const [key, raw] of rootValues) answer.set(key, await resolvedValue(root, key, raw, key));
  return answer;
}
