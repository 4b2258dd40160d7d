import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMPOSES, featureFolders, withBoundaries } from "./feature-boundaries.mjs";

describe("feature boundaries", () => {
  it("biome.json carries the rule for every feature folder (node scripts/feature-boundaries.mjs rewrites it)", () => {
    const biome = JSON.parse(readFileSync("biome.json", "utf8"));
    expect(biome.overrides).toEqual(withBoundaries(biome, featureFolders()).overrides);
  });

  it("names only composing edges between features that exist", () => {
    const features = featureFolders();
    for (const [feature, allowed] of Object.entries(COMPOSES)) {
      expect(features).toContain(feature);
      if (allowed !== "*") for (const name of allowed) expect(features).toContain(name);
    }
  });
});
