// Reads the detail JSON files of every batch, classifies each failure and writes
// <out>/results.json and <out>/results.md; prints the per-file table and, last, the line
//   stack e2e: N passed, N failed, N skipped of N (in scope: P/Q)
// Categories of a failure:
//   a  wording only: the diff differs only in message text (error/message/details/from/subject)
//   b  behaviour: status, error code, fields, missing endpoint, 5xx, ...
//   c  out of scope: a Stack service or Stack-cloud feature we do not have (scope.mjs)
//   d  harness: the test could not reach what it needed because of this harness
// Usage: node summarize.mjs <details-dir> <tests-root (apps/e2e/tests/backend)> <out-dir>
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { failureScope, fileScope } from "./scope.mjs";

const [detailsDir, testsRoot, outDir] = process.argv.slice(2);
const TEXT_KEYS = new Set(["error", "message", "from", "subject", "details"]);

const tests = [];
const fileErrors = [];
const batchNotes = existsSync(join(detailsDir, "batches.txt"))
  ? readFileSync(join(detailsDir, "batches.txt"), "utf8")
  : "";
for (const name of readdirSync(detailsDir)
  .filter((n) => n.endsWith(".json"))
  .sort()) {
  const data = JSON.parse(readFileSync(join(detailsDir, name), "utf8"));
  tests.push(...data.tests);
  fileErrors.push(...(data.fileErrors ?? []));
}

/** The lines a diff changes, with each line marked as message text (or not). */
function diffAnalysis(diff) {
  const minus = [];
  const plus = [];
  let block = null; // key of the deindent block we are in
  for (const raw of diff.split("\n")) {
    if (/^[-+] (Expected|Received)\s*$/.test(raw) || raw.startsWith("@@")) continue;
    const marker = raw[0];
    const line = raw.slice(2);
    let isText = false;
    if (block) {
      isText = TEXT_KEYS.has(block);
      if (/^\s*`[,)]?\s*$/.test(line)) block = null;
    } else {
      const m = line.match(/^\s*"([^"]+)": (.*)$/);
      if (m) {
        // a plain-text body (Stack answers non-"known" errors as text) counts as message text
        isText = TEXT_KEYS.has(m[1]) || (m[1] === "body" && (m[2].startsWith('"') || m[2].startsWith("deindent`")));
        if (/deindent`\s*$/.test(m[2]) || /^`[^`]*$/.test(m[2])) block = m[1];
      }
    }
    if (marker === "-") minus.push({ line, isText });
    else if (marker === "+") plus.push({ line, isText });
  }
  return { minus, plus };
}

function firstFrame(stack) {
  for (const line of (stack ?? "").split("\n")) {
    const m = line.match(/tests\/backend\/([^:()]+\.ts):(\d+):(\d+)/);
    if (m) return { file: m[1], line: Number(m[2]) };
  }
  return null;
}

const sourceCache = new Map();
function endpointNear(frame) {
  if (!frame) return null;
  const path = join(testsRoot, frame.file);
  if (!sourceCache.has(path)) sourceCache.set(path, existsSync(path) ? readFileSync(path, "utf8").split("\n") : []);
  const src = sourceCache.get(path);
  for (let i = Math.min(frame.line - 1, src.length - 1); i >= Math.max(0, frame.line - 80); i--) {
    const m = src[i].match(/niceBackendFetch\(\s*(?:new URL\()?\s*[`"']([^`"']+)[`"']/);
    if (m) {
      const around = src.slice(i, i + 6).join(" ");
      const method = around.match(/method:\s*["'](\w+)["']/)?.[1] ?? "GET";
      const access = around.match(/accessType:\s*["'](\w+)["']/)?.[1];
      return `${method} ${m[1].replace(/\$\{[^}]+\}/g, "{…}")}${access ? ` [${access}]` : ""}`;
    }
  }
  return null;
}

function signatureOf(minus, plus) {
  const pick = (lines, re) => lines.find((l) => re.test(l.line))?.line.trim();
  const parts = [];
  for (const re of [/^\s*"status":/, /^\s*"code":/]) {
    const a = pick(minus, re);
    const b = pick(plus, re);
    if (a || b) parts.push(`${a ?? "∅"} → ${b ?? "∅"}`);
  }
  if (!parts.length) {
    const a = minus
      .filter((l) => !l.isText)
      .slice(0, 2)
      .map((l) => l.line.trim())
      .join(" ");
    const b = plus
      .filter((l) => !l.isText)
      .slice(0, 2)
      .map((l) => l.line.trim())
      .join(" ");
    parts.push(`${a || "∅"} → ${b || "∅"}`);
  }
  return parts.join("; ").slice(0, 300);
}

function classify(t) {
  const e = t.errors[0] ?? {};
  const endpoint = endpointNear(firstFrame(e.stack));
  const text = [e.message, e.diff, e.stack].filter(Boolean).join("\n");
  const oos = failureScope(`${t.fullName}\n${text}`) ?? (endpoint && /svix-token/.test(endpoint) ? "Svix" : null);
  if (oos) return { cat: "c", reason: oos };
  if (/ECONNREFUSED 127\.0\.0\.1:\d\d28|STACK_DATABASE_CONNECTION_STRING/.test(text))
    return { cat: "c", reason: "direct access to Stack's own Postgres" };
  if (/Failed to load url|Cannot find (module|package)|proxy error|ECONNREFUSED|fetch failed/.test(text))
    return { cat: "d", reason: `harness: ${(e.message ?? "").split("\n")[0].slice(0, 120)}` };
  if (/Expected at least \d+ messages with subject containing "join"/.test(e.message ?? "")) {
    return { cat: "a", reason: 'mail subject wording (team invitation subject has no "join")', endpoint };
  }
  if (/timed out in \d+ms/.test(e.message ?? ""))
    return { cat: "b", reason: "timeout", endpoint, signature: "timed out" };
  if (/API threw ISE/.test(e.message ?? "")) {
    return {
      cat: "b",
      reason: "5xx",
      endpoint: e.message.match(/API threw ISE in (\S+ \S+)/)?.[1] ?? endpoint,
      signature: e.message.split("\n")[0].slice(0, 200),
    };
  }
  if (e.diff && /^\+.*No API route for /m.test(e.diff)) {
    const { minus, plus } = diffAnalysis(e.diff);
    return { cat: "b", reason: "missing endpoint", endpoint, signature: signatureOf(minus, plus) };
  }
  if (e.diff) {
    const { minus, plus } = diffAnalysis(e.diff);
    const nonText = [...minus, ...plus].filter((l) => !l.isText && l.line.trim() !== "");
    if (nonText.length === 0 && minus.length + plus.length > 0) {
      const a = minus.find((l) => l.line.trim())?.line.trim() ?? "∅";
      const b = plus.find((l) => l.line.trim())?.line.trim() ?? "∅";
      return { cat: "a", reason: "message text only", endpoint, signature: `${a} → ${b}`.slice(0, 300) };
    }
    return { cat: "b", reason: "diff", endpoint, signature: signatureOf(minus, plus) };
  }
  return { cat: "b", reason: "assertion", endpoint, signature: (e.message ?? "").split("\n")[0].slice(0, 200) };
}

/** Root causes of behaviour failures (b), first match wins; the rest keep their endpoint + signature. */
const ROOT_CAUSES = [
  [
    /internal\/config\/override\/(environment|project)|No API route for \w+ \/auth\/api\/v1\/internal\/config/,
    "projects/admin",
    "missing endpoint PATCH /internal/config/override/{environment,project} (Stack's config API); the test's setup (Project.updateConfig) stops there",
  ],
  [
    /SERVER_AUTHENTICATION_REQUIRED/,
    "projects/admin",
    "x-stack-admin-access-token not accepted for access type server (Stack accepts a project owner's admin access token for client, server and admin): 401 SERVER_AUTHENTICATION_REQUIRED",
  ],
  [
    /^- 20\d\s*\n\+ 401\s*$/m,
    "projects/admin",
    "x-stack-admin-access-token not accepted for access type server (Stack accepts a project owner's admin access token for client, server and admin): 401 SERVER_AUTHENTICATION_REQUIRED",
  ],
  [
    /(team|project)-permissions\?[\s\S]*^\+\s+"id": "/m,
    "permissions",
    "GET /team-permissions and /project-permissions list contained permissions by default (Stack: only direct grants unless recursive=true)",
  ],
  [
    /"selected_team(_id)?": /,
    "teams",
    "create_team_on_sign_up: personal team differs: Stack creates it on anonymous and one-time-code sign-ups and not for server-created users; ours the other way round",
  ],
  [/No API route for (GET|POST|PATCH|PUT|DELETE) /, null, null],
];

function rootCause(_row, text) {
  for (const [re, area, label] of ROOT_CAUSES) {
    const m = text.match(re);
    if (!m) continue;
    if (label) return { area, label };
    const route = text.match(/No API route for (\w+) \/auth\/api\/v1(\S*?)\.?"/);
    if (route)
      return {
        area: null,
        label: `missing endpoint ${route[1]} ${route[2].replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "{id}")}`,
      };
  }
  return null;
}

const perFile = new Map();
const rows = [];
for (const t of tests) {
  const fileReason = fileScope(t.file);
  const f = perFile.get(t.file) ?? {
    file: t.file,
    passed: 0,
    failed: 0,
    skipped: 0,
    oos: fileReason,
    a: 0,
    b: 0,
    c: 0,
    d: 0,
  };
  perFile.set(t.file, f);
  const row = { file: t.file, test: t.fullName, state: t.state };
  if (t.state === "pass") f.passed++;
  else if (t.state === "fail") {
    f.failed++;
    const c = fileReason ? { cat: "c", reason: fileReason } : classify(t);
    Object.assign(row, c, { message: (t.errors[0]?.message ?? "").split("\n")[0].slice(0, 300) });
    if (c.cat === "b") {
      const e = t.errors[0] ?? {};
      const rc = rootCause(row, [c.endpoint, e.message, e.diff, e.stack].filter(Boolean).join("\n"));
      if (rc) Object.assign(row, { rootCause: rc.label, area: rc.area });
    }
    f[c.cat]++;
  } else f.skipped++;
  rows.push(row);
}
// files that could not run at all (import errors, batch killed by its timeout)
for (const fe of fileErrors) {
  const f = perFile.get(fe.file) ?? {
    file: fe.file,
    passed: 0,
    failed: 0,
    skipped: 0,
    oos: fileScope(fe.file),
    a: 0,
    b: 0,
    c: 0,
    d: 0,
  };
  f.fileError = fe.errors
    .map((e) => e.message)
    .join(" | ")
    .slice(0, 300);
  perFile.set(fe.file, f);
}

const files = [...perFile.values()].sort((x, y) => x.file.localeCompare(y.file));
const sum = (k, list = files) => list.reduce((s, f) => s + f[k], 0);
const passed = sum("passed");
const failed = sum("failed");
const skipped = sum("skipped");
const total = passed + failed + skipped;
const inScopeFiles = files.filter((f) => !f.oos);
const inPassed = sum("passed", inScopeFiles);
const inQ = inPassed + sum("a", inScopeFiles) + sum("b", inScopeFiles) + sum("d", inScopeFiles);
const byCat = { a: sum("a"), b: sum("b"), c: sum("c"), d: sum("d") };

const md = [];
md.push(`# Stack e2e (backend) against the service under test\n`);
md.push(`${passed} passed, ${failed} failed, ${skipped} skipped of ${total}; in scope ${inPassed}/${inQ}`);
md.push(
  `failures: (a) wording only ${byCat.a}, (b) behaviour ${byCat.b}, (c) out of scope ${byCat.c}, (d) harness ${byCat.d}\n`,
);
if (batchNotes) md.push(`## Batches\n\n\`\`\`\n${batchNotes.trim()}\n\`\`\`\n`);
const AREAS = [
  [/auth\/password\/|email-normalization|auth-flows/, "auth/password"],
  [/auth\/otp\//, "otp"],
  [/auth\/oauth\/|oauth-providers|connected-accounts/, "oauth"],
  [/auth\/sessions\//, "sessions"],
  [/auth\/anonymous\//, "anonymous"],
  [/auth\/cli\//, "cli login"],
  [/auth\/mfa\//, "mfa"],
  [/auth\/passkey\//, "passkeys"],
  [/users(-primary-email)?\.test|restricted-users/, "users"],
  [/team-invitations/, "invitations"],
  [/teams\.test|team-memberships/, "teams"],
  [/permission|team-member-profiles/, "permissions"],
  [/api-keys|credential-scanning/, "api keys"],
  [/contact-channels/, "contact channels"],
  [/projects|index\.test|check-feature|component-versions|internal\/feedback/, "projects/admin"],
  [/internal\/email\.test|email/, "email"],
  [/webhook/, "webhooks"],
  [/.*/, "other"],
];
const areaOf = (f) => AREAS.find(([re]) => re.test(f))[1];
const areas = new Map();
for (const row of rows) {
  if (perFile.get(row.file)?.oos) continue;
  const a = areaOf(row.file);
  const v = areas.get(a) ?? { pass: 0, a: 0, b: 0, c: 0, d: 0, skip: 0 };
  areas.set(a, v);
  if (row.state === "pass") v.pass++;
  else if (row.state === "fail") v[row.cat]++;
  else v.skip++;
}
md.push(`## Per area (in-scope files only)\n`);
md.push(`| area | pass | a | b | c | d | skip | in scope |`);
md.push(`| --- | --: | --: | --: | --: | --: | --: | --: |`);
for (const [a, v] of [...areas].sort((x, y) => x[0].localeCompare(y[0]))) {
  md.push(
    `| ${a} | ${v.pass} | ${v.a} | ${v.b} | ${v.c} | ${v.d} | ${v.skip} | ${v.pass}/${v.pass + v.a + v.b + v.d} |`,
  );
}
md.push("");
md.push(`## Per file\n`);
md.push(`| file | pass | fail | skip | a | b | c | d | scope |`);
md.push(`| --- | --: | --: | --: | --: | --: | --: | --: | --- |`);
for (const f of files) {
  md.push(
    `| ${f.file} | ${f.passed} | ${f.failed} | ${f.skipped} | ${f.a} | ${f.b} | ${f.c} | ${f.d} | ${f.oos ? `out: ${f.oos}` : "in"}${f.fileError ? ` (file error: ${f.fileError.replace(/\|/g, "/")})` : ""} |`,
  );
}
const oosReasons = new Map();
for (const r of rows.filter((r) => r.cat === "c")) oosReasons.set(r.reason, (oosReasons.get(r.reason) ?? 0) + 1);
md.push(`\n## Out of scope (c) by reason\n`);
for (const [reason, n] of [...oosReasons].sort((x, y) => y[1] - x[1])) md.push(`- ${reason}: ${n}`);
md.push(`\n## Behaviour differences (b): root causes that stop many tests\n`);
const rcs = new Map();
for (const r of rows.filter((r) => r.cat === "b" && r.rootCause)) {
  const g = rcs.get(r.rootCause) ?? { n: 0, tests: [] };
  g.n++;
  g.tests.push(`${r.file} > ${r.test}`);
  rcs.set(r.rootCause, g);
}
for (const [label, g] of [...rcs].sort((x, y) => y[1].n - x[1].n)) {
  md.push(`- (${g.n}) ${label}\n    - ${g.tests.slice(0, 3).join("\n    - ")}`);
}
md.push(`\n## Behaviour differences (b) without a shared root cause, grouped by endpoint and signature\n`);
const groups = new Map();
for (const r of rows.filter((r) => r.cat === "b" && !r.rootCause)) {
  const key = `${r.endpoint ?? "?"} :: ${r.signature ?? r.message}`;
  const g = groups.get(key) ?? { key, n: 0, tests: [] };
  g.n++;
  g.tests.push(`${r.file} > ${r.test}`);
  groups.set(key, g);
}
for (const g of [...groups.values()].sort((x, y) => y.n - x.n)) {
  md.push(`- (${g.n}) ${g.key}\n    - ${g.tests.slice(0, 4).join("\n    - ")}`);
}
md.push(`\n## Wording only (a)\n`);
for (const r of rows.filter((r) => r.cat === "a")) md.push(`- ${r.file} > ${r.test}: ${r.signature ?? r.reason}`);
md.push(`\n## Harness (d)\n`);
for (const r of rows.filter((r) => r.cat === "d")) md.push(`- ${r.file} > ${r.test}: ${r.reason}`);

writeFileSync(join(outDir, "results.md"), `${md.join("\n")}\n`);
writeFileSync(
  join(outDir, "results.json"),
  JSON.stringify({ passed, failed, skipped, total, inPassed, inQ, byCat, files, rows }, null, 1),
);

const pad = (s, n) => String(s).padEnd(n);
console.log(pad("file", 78), "pass fail skip   a   b   c   d");
for (const f of files) {
  console.log(
    pad(f.file.slice(0, 77), 78),
    [f.passed, f.failed, f.skipped, f.a, f.b, f.c, f.d].map((x) => String(x).padStart(4)).join(""),
    f.oos ? " (out of scope)" : "",
    f.fileError ? " (file error)" : "",
  );
}
console.log(
  `failures: (a) wording only ${byCat.a}, (b) behaviour ${byCat.b}, (c) out of scope ${byCat.c}, (d) harness ${byCat.d}`,
);
console.log(`details: ${join(outDir, "results.md")}`);
console.log(
  `stack e2e: ${passed} passed, ${failed} failed, ${skipped} skipped of ${total} (in scope: ${inPassed}/${inQ})`,
);
