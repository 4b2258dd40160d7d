// `npm ci` refuses a lock file that lacks an optional platform package some dependency lists
// (it happens when the registry has no build of that package for the pinned version). Catch it
// here, before CI does on a clean machine.
import { readFileSync } from "node:fs";
import semver from "semver";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const packages = lock.packages ?? {};
const problems = [];

/** npm's resolution: look in the package's own node_modules, then each parent's, then the root. */
function resolves(fromPath, name) {
  let base = fromPath;
  while (true) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

for (const [path, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(path, name)) problems.push(`${path || "(root)"} -> optional ${name} is missing from the lock file`);
  }
}
for (const field of ["dependencies", "devDependencies"]) {
  for (const [name, range] of Object.entries(pkg[field] ?? {})) {
    if (!range.startsWith("npm:") && !/^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(range)) {
      problems.push(`${field}.${name} is "${range}": pin an exact version`);
    }
    if (lock.packages[""]?.[field]?.[name] !== range) problems.push(`${field}.${name} differs from package-lock.json`);
  }
}
// package.json's engines must be true: every package that installs (platform binaries are optional
// and skipped where they do not fit) accepts the oldest Node of each range it names.
const oldestNodes = pkg.engines.node.split("||").map((range) => semver.minVersion(range.trim())?.version);
for (const [path, entry] of Object.entries(packages)) {
  const range = entry.engines?.node;
  if (!path || !range || entry.optional) continue;
  for (const node of oldestNodes) {
    if (!semver.satisfies(node, range)) problems.push(`${path} needs Node ${range}, but engines admits ${node}`);
  }
}
if (problems.length) {
  console.error(
    `package-lock.json would fail npm ci or the Node versions package.json promises:\n  ${problems.join("\n  ")}`,
  );
  console.error("Pin a version whose platform packages exist on the registry and whose engines fit, then npm install.");
  process.exit(1);
}
console.log(
  `lock file: ${Object.keys(packages).length - 1} packages, every optional platform package present, all run on Node ${oldestNodes.join(" and ")}.`,
);
