// The import rule between feature folders (docs/web-app.md#feature-boundaries), written into
// biome.json as noRestrictedImports overrides so `npm test` (biome check) enforces it.
// `node scripts/feature-boundaries.mjs` rewrites those overrides after a feature folder is added
// or an edge below changes; scripts/feature-boundaries.test.ts fails while biome.json lags behind.
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
};

/** Deepest folder level a feature's files sit at that gets its own relative-path rule. */
const MAX_DEPTH = 4;
const GENERATED = (override) => override.includes.some((glob) => /^src\/(features|lib|components)\//.test(glob));

const rule = (group, message) => ({
  linter: {
    rules: { style: { noRestrictedImports: { level: "error", options: { patterns: [{ group, message }] } } } },
  },
});

/** Biome applies the last override that matches a file, so each (feature, depth) carries the whole rule. */
export function boundaryOverrides(features) {
  const overrides = [
    {
      includes: ["src/lib/**", "src/components/**"],
      ...rule(
        ["@/features/**", "../features/**", "../../features/**", "../../../features/**"],
        "src/lib and src/components import no feature: move what they need out of src/features.",
      ),
    },
  ];
  for (const feature of features) {
    const allowed = COMPOSES[feature] ?? [];
    if (allowed === "*") continue;
    const own = [feature, ...allowed];
    for (let depth = 1; depth <= MAX_DEPTH; depth++) {
      const up = "../".repeat(depth);
      overrides.push({
        includes: [`src/features/${feature}/${"*/".repeat(depth - 1)}*`],
        ...rule(
          [
            "@/features/**",
            ...own.map((name) => `!@/features/${name}/**`),
            `${up}*/**`,
            `!${up}../**`,
            `${up}../features/**`,
            ...own.map((name) => `!${up}${name}/**`),
          ],
          `A feature imports no other feature (${feature} may import ${own.slice(1).join(", ") || "none"}; docs/web-app.md#feature-boundaries).`,
        ),
      });
    }
  }
  return overrides;
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
