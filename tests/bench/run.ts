// `npm run bench [name-filter]`: runs every tests/bench/*.bench.ts suite and prints a Markdown
// table to paste into docs/benchmarks.md, plus test-results/bench.json.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { type BenchResult, type BenchSuite, machine } from "./harness.ts";

const filter = process.argv[2];
const dir = new URL(".", import.meta.url).pathname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !filter || f.includes(filter))
  .sort();

const report: Array<{ suite: string; results: BenchResult[] }> = [];
// Other work on the machine shows in every wall-clock figure: the load goes with them.
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
console.log(`Machine: ${machine()}\nDate: ${new Date().toISOString()}\nLoad average (1, 5, 15 min): ${load()}\n`);
if (files.length === 0) console.log("No benchmark suites found.");
for (const file of files) {
  const suite = (await import(join(dir, file))).default as BenchSuite;
  console.log(`## ${suite.name}\n`);
  const results = await suite.run();
  report.push({ suite: suite.name, results });
  console.log("| measure | value | target | notes |\n|---|---|---|---|");
  for (const r of results) {
    console.log(`| ${r.name} | ${r.value.toFixed(2)} ${r.unit} | ${r.target ?? ""} | ${r.notes ?? ""} |`);
  }
  console.log(`Load average after the suite: ${load()}\n`);
}
mkdirSync("test-results", { recursive: true });
writeFileSync("test-results/bench.json", JSON.stringify({ machine: machine(), report }, null, 2));
