// Fails when the catalogs are out of date with the source or a German message is missing.
// Extraction rewrites locales/ in place, so a developer who runs this gets the fixed catalogs.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const catalogs = ["messages", "areas", "errors"];
const files = catalogs.flatMap((name) => [`locales/en/${name}.po`, `locales/de/${name}.po`]);
const withoutDate = (text) => text.replace(/^"POT-Creation-Date:.*\n/m, "");
const before = files.map((f) => withoutDate(readFileSync(f, "utf8")));
const extract = spawnSync("npx", ["lingui", "extract", "--clean"], { stdio: ["ignore", "ignore", "inherit"] });
if (extract.status !== 0) process.exit(extract.status ?? 1);
const after = files.map((f) => withoutDate(readFileSync(f, "utf8")));

const problems = [];
files.forEach((file, i) => {
  if (before[i] !== after[i])
    problems.push(`${file} was out of date with the source; it has been re-extracted, commit it.`);
});
const german = catalogs.map((name) => readFileSync(`locales/de/${name}.po`, "utf8")).join("\n");
const missing = [...german.matchAll(/msgid "((?:[^"\\]|\\.)+)"\nmsgstr ""\n(?!")/g)].map((m) => m[1]);
for (const id of missing) problems.push(`German translation missing: "${id}"`);

if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
const count = (text) => text.match(/^msgid "/gm).length - 1;
const translated = files.reduce((sum, file, i) => sum + (file.startsWith("locales/de/") ? count(after[i]) : 0), 0);
console.log(`i18n: catalogs up to date, ${translated} messages translated to German.`);
