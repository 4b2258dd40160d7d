// The import rules between folders, written into biome.json as noRestrictedImports overrides so
// `npm test` (biome check) enforces them: between feature folders (docs/web-app.md#feature-boundaries)
// and between the server's layers (docs/testing.md#layer-rules).
// `node scripts/feature-boundaries.mjs` rewrites those overrides after a feature folder is added
// or an edge below changes; scripts/feature-boundaries.test.ts fails while biome.json lags behind,
// and scripts/layer-rules.test.ts runs forbidden imports through Biome.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The composing features and what each may import: the shell composes every area; an app's page
 * composes its secrets; the live socket refreshes the apps' and secrets' caches; a team's page
 * shows the team's API keys. Any other feature imports no other feature: what two need is in
 * src/lib or src/components.
 */
export const COMPOSES = {
  sidebar: "*",
  apps: ["secrets"],
  live: ["apps", "secrets"],
  teams: ["api-keys"],
  // The command palette jumps to the admin pages, apps and databases (their queries and routes).
  palette: ["admin", "apps", "database"],
};

/** The web app reaches the server only through the contract (zod schemas and error registries). */
const SRC_TO_SERVER = {
  group: ["**/server/**", "!**/server/contract/**"],
  message: "The web app imports only server/contract from the server (@contract/...; docs/testing.md#layer-rules).",
};

/**
 * Tests in src that compare the browser's side with the server's own modules; they keep their
 * folder's other rules.
 */
export const SERVER_READING_TESTS = [
  "src/features/database/workbench/pick-statements.test.ts", // the real statement parser plans the run
  "src/lib/errors/error-texts.test.ts", // every server error code has a text
];

/** `../`, `../../`, … up to this many levels, for rules about a sibling folder of the server. */
const SERVER_DEPTH = 5;
const up = (folders) =>
  folders.flatMap((folder) =>
    Array.from({ length: SERVER_DEPTH }, (_, i) => "../".repeat(i + 1)).flatMap((dots) => [
      `${dots}${folder}`,
      `${dots}${folder}/**`,
    ]),
  );

/** The server's layers: who may not import whom. */
export const SERVER_LAYERS = [
  {
    includes: ["server/contract/**"],
    group: ["../**", "@/**", "node:*"],
    message: "server/contract imports nothing outside itself (it is shared with the browser).",
  },
  {
    includes: ["server/api/**"],
    group: up(["auth"]),
    message:
      "server/api and server/auth never import each other: what both need goes to server/lib or server/contract.",
  },
  {
    includes: ["server/auth/**"],
    group: up(["api"]),
    message:
      "server/api and server/auth never import each other: what both need goes to server/lib or server/contract.",
  },
  {
    includes: ["server/lib/**", "server/http/**"],
    group: up(["api", "auth"]),
    message: "server/lib and server/http import no service (server/api, server/auth).",
  },
];

/** Deepest folder level a feature's files sit at that gets its own relative-path rule. */
const MAX_DEPTH = 4;
/** Generated: every override that restricts imports (none is written by hand). */
const GENERATED = (override) => override.linter?.rules?.style?.noRestrictedImports !== undefined;

const rules = (patterns) => ({
  linter: { rules: { style: { noRestrictedImports: { level: "error", options: { patterns } } } } },
});
/** A folder's own rule; in src with the server rule beside it (Biome applies only the last matching override). */
const rule = (group, message, server = true) => rules([{ group, message }, ...(server ? [SRC_TO_SERVER] : [])]);

/** Biome applies the last override that matches a file, so each (feature, depth) carries the whole rule. */
export function boundaryOverrides(features) {
  const overrides = [
    { includes: ["src/**"], ...rules([SRC_TO_SERVER]) },
    ...libRule(["src/lib/**", "src/components/**"]),
  ];
  for (const feature of features) {
    for (let depth = 1; depth <= MAX_DEPTH; depth++) {
      overrides.push(...featureRule(feature, depth, [`src/features/${feature}/${"*/".repeat(depth - 1)}*`]));
    }
  }
  for (const file of SERVER_READING_TESTS) {
    const [, area, feature] = file.split("/");
    const depth = file.split("/").length - 3;
    const exempt = area === "features" ? featureRule(feature, depth, [file], false) : libRule([file], false);
    overrides.push(...(exempt.length ? exempt : [{ includes: [file], ...rules([]) }]));
  }
  for (const layer of SERVER_LAYERS) {
    overrides.push({ includes: layer.includes, ...rules([{ group: layer.group, message: layer.message }]) });
  }
  return overrides;
}

function libRule(includes, server = true) {
  return [
    {
      includes,
      ...rule(
        ["@/features/**", "../features/**", "../../features/**", "../../../features/**"],
        "src/lib and src/components import no feature: move what they need out of src/features.",
        server,
      ),
    },
  ];
}

/** The feature rule for files `depth` folders below src/features (none for the features that compose all). */
function featureRule(feature, depth, includes, server = true) {
  const allowed = COMPOSES[feature] ?? [];
  if (allowed === "*") return server ? [] : [{ includes, ...rules([]) }];
  const own = [feature, ...allowed];
  const dots = "../".repeat(depth);
  return [
    {
      includes,
      ...rule(
        [
          "@/features/**",
          ...own.map((name) => `!@/features/${name}/**`),
          `${dots}*/**`,
          `!${dots}../**`,
          `${dots}../features/**`,
          ...own.map((name) => `!${dots}${name}/**`),
        ],
        `A feature imports no other feature (${feature} may import ${own.slice(1).join(", ") || "none"}; docs/web-app.md#feature-boundaries).`,
        server,
      ),
    },
  ];
}

export function featureFolders(root = "src/features") {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** biome.json with its boundary overrides replaced by the generated ones (others kept, first). */
export function withBoundaries(biome, features) {
  const kept = (biome.overrides ?? []).filter((override) => !GENERATED(override));
  return { ...biome, overrides: [...kept, ...boundaryOverrides(features)] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const biome = JSON.parse(readFileSync("biome.json", "utf8"));
  writeFileSync("biome.json", `${JSON.stringify(withBoundaries(biome, featureFolders()), null, 2)}\n`);
  console.log("biome.json: feature boundaries written; run `npx biome format --write biome.json`.");
}
