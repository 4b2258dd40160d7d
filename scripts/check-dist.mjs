// The built PWA must work on a closed network: no script, style, font or worker from a CDN.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const CDN =
  /https?:\/\/(?:[\w-]+\.)*(?:jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|googleapis\.com|gstatic\.com|esm\.sh|skypack\.dev|cdn\.[\w.-]+)[^\s"'`)]*/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(?:js|mjs|css|html|webmanifest|json)$/.test(entry.name)) yield path;
  }
}

const hits = [];
for (const file of files("dist")) {
  for (const match of readFileSync(file, "utf8").matchAll(CDN)) hits.push(`${file}: ${match[0]}`);
}
if (hits.length) {
  console.error(`dist/ references a CDN:\n  ${hits.join("\n  ")}`);
  process.exit(1);
}
console.log("dist: no CDN references.");
