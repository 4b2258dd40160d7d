// Base-URL shim: Stack's e2e helpers build URLs as <STACK_BACKEND_BASE_URL>/api/v1/... (and
// /api/latest/...); our auth service is mounted at <origin>/auth/api/v1. This forwards
//   /api/v1/X and /api/latest/X  ->  <target>/auth/api/v1/X
//   anything else /X             ->  <target>/auth/X
// unchanged otherwise (method, headers, body, status, every Set-Cookie). Absolute Location headers
// that point into <target>/auth/api/v1 are mapped back to this proxy's /api/v1 so redirects stay
// on the same base URL the tests use.
// Also, for Stack's mock OAuth server (run.sh): `--mount ""` forwards paths as they are, `--keep-host`
// passes the caller's Host header on (the mock builds its own redirects from it), and each
// `--rewrite-location FROM=TO` maps a Location header starting with FROM to TO + the rest (the
// mock's origin as the tests know it, our callback URL as the tests know it).
// Usage: node proxy.mjs --port 8102 --target http://127.0.0.1:3000 [--host 127.0.0.1] [--mount /auth]
//        [--keep-host] [--rewrite-location FROM=TO ...]
import http from "node:http";

/** `--name value` pairs of the command line (flags without a value are true; repeated names keep every value). */
const args = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (!argv[i].startsWith("--")) continue;
  const name = argv[i].slice(2);
  const value = argv[i + 1] !== undefined && !argv[i + 1].startsWith("--") ? argv[++i] : true;
  args[name] = name in args ? [].concat(args[name], value) : value;
}
const HOST = args.host ?? "127.0.0.1";
const PORT = Number(args.port ?? 8102);
const TARGET = new URL(args.target ?? "http://127.0.0.1:3000");
const PUBLIC_BASE = args.public ?? `http://localhost:${PORT}`;
const MOUNT = typeof args.mount === "string" ? args.mount : "/auth";
const KEEP_HOST = args["keep-host"] === true;
const REWRITES = [].concat(args["rewrite-location"] ?? []).map((pair) => {
  const at = pair.indexOf("=");
  return [pair.slice(0, at), pair.slice(at + 1)];
});

function mapPath(path) {
  if (MOUNT === "") return path;
  if (path === "/api/latest" || path.startsWith("/api/latest/") || path.startsWith("/api/latest?")) {
    return `${MOUNT}/api/v1${path.slice("/api/latest".length)}`;
  }
  return `${MOUNT}${path}`;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const server = http.createServer((req, res) => {
  const headers = KEEP_HOST ? { ...req.headers } : { ...req.headers, host: TARGET.host };
  const upstream = http.request(
    {
      protocol: TARGET.protocol,
      hostname: TARGET.hostname,
      port: TARGET.port,
      method: req.method,
      path: mapPath(req.url ?? "/"),
      headers,
      agent,
    },
    (up) => {
      const out = {};
      for (let i = 0; i < up.rawHeaders.length; i += 2) {
        const name = up.rawHeaders[i];
        let value = up.rawHeaders[i + 1];
        const lower = name.toLowerCase();
        if (lower === "location") {
          const prefix = `${TARGET.origin}${MOUNT}/api/v1`;
          if (MOUNT !== "" && value.startsWith(prefix)) value = `${PUBLIC_BASE}/api/v1${value.slice(prefix.length)}`;
          for (const [from, to] of REWRITES) if (value.startsWith(from)) value = `${to}${value.slice(from.length)}`;
        }
        if (out[lower] === undefined) out[lower] = value;
        else if (Array.isArray(out[lower])) out[lower].push(value);
        else out[lower] = [out[lower], value];
      }
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
    },
  );
  upstream.on("error", (err) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`proxy error: ${err.message}`);
  });
  req.pipe(upstream);
});

server.keepAliveTimeout = 30_000;
server.listen(PORT, HOST, () => console.log(`proxy: http://${HOST}:${PORT} -> ${TARGET.origin}${MOUNT}`));
for (const sig of ["SIGTERM", "SIGINT"]) {
  process.on(sig, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
