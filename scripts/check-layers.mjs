// `npm run check:layers`: the server's layer rules (.dependency-cruiser.cjs) over src/ and server/.
// Through dependency-cruiser's API rather than its command: the command refuses Node 20, which the
// project supports, and the API runs on it.
import { createRequire } from "node:module";
import { join } from "node:path";
import { cruise } from "dependency-cruiser";

/**
 * Cruises `roots` under `baseDir` with the rules of `.dependency-cruiser.cjs` there; resolves to
 * the files read and the rules broken, one line each (`rule: from -> to`).
 * @returns {Promise<{ files: number, violations: string[] }>}
 */
export async function checkLayers(baseDir = process.cwd(), roots = ["src", "server"]) {
  const config = createRequire(`${baseDir}/`)("./.dependency-cruiser.cjs");
  // tsconfig.json's paths are given as aliases below: the cruiser reads a tsconfig with the
  // `typescript` package's API, which TypeScript 7 does not have, and then resolves them from the
  // working folder instead of baseDir.
  const { tsConfig: _unread, ...options } = config.options; // none today; never read if one comes back
  const { output } = await cruise(
    roots,
    { ...options, baseDir, validate: true, ruleSet: { forbidden: config.forbidden, options } },
    { alias: { "@": join(baseDir, "src"), "@contract": join(baseDir, "server", "contract") } },
  );
  const violations = output.summary.violations
    .filter((v) => v.rule.severity === "error")
    .map(
      (v) => `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(" -> ")})` : ""}`,
    );
  return { files: output.summary.totalCruised, violations };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const { files, violations } = await checkLayers();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  // A cruise that read nothing (no TypeScript parser found, say) must not pass as a clean one.
  if (files < 100) {
    console.error(
      `layer rules: only ${files} files read; is @swc/core installed (dependency-cruiser parses TypeScript with it)?`,
    );
    process.exit(1);
  }
  for (const line of violations) console.error(line);
  console.log(`layer rules: ${files} files, ${violations.length} violation(s), ${seconds} s`);
  process.exit(violations.length === 0 ? 0 : 1);
}
