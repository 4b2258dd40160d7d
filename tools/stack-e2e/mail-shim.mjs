// A tiny Inbucket stand-in: an SMTP server (smtp-server + mailparser) that keeps every message in
// memory, and the part of Inbucket's REST API v1 that Stack's e2e Mailbox helper calls:
//   GET    /api/v1/mailbox/{name}         -> [{mailbox, id, from, to, subject, date, posix-millis, size, seen}]
//   GET    /api/v1/mailbox/{name}/{id}    -> the same plus header, body {text, html}, attachments
//   GET    /api/v1/mailbox/{name}/{id}/source -> raw RFC 822 text
//   DELETE /api/v1/mailbox/{name}[/{id}]  -> "OK"
// A message is filed under the local part (lower-cased) of every envelope recipient, as Inbucket's
// default "local" mailbox naming does.
// Usage: node mail-shim.mjs --smtp-port 2525 --http-port 8105 [--host 127.0.0.1]
import http from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** `--name value` pairs of the command line. */
const args = Object.fromEntries(
  process.argv.slice(2).flatMap((cur, i, all) => (cur.startsWith("--") ? [[cur.slice(2), all[i + 1]]] : [])),
);
const HOST = args.host ?? "127.0.0.1";
const SMTP_PORT = Number(args["smtp-port"] ?? 2525);
const HTTP_PORT = Number(args["http-port"] ?? 8105);

/** mailbox name -> messages, oldest first (Inbucket's order) */
const boxes = new Map();
let counter = 0;

const mailboxName = (address) => String(address).split("@")[0].toLowerCase();

function formatAddress(a) {
  if (!a?.address) return a?.name ?? "";
  return a.name ? `${a.name} <${a.address}>` : `<${a.address}>`;
}

function addressList(field) {
  if (!field) return [];
  const list = Array.isArray(field) ? field : [field];
  return list.flatMap((f) => f.value ?? []).map(formatAddress);
}

async function store(raw, envelope) {
  const parsed = await simpleParser(raw);
  const date = parsed.date ?? new Date();
  const header = {};
  for (const [key, value] of parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(":") + 1).trim()])) {
    const name = key.replace(/(^|-)([a-z])/g, (_, d, c) => d + c.toUpperCase());
    header[name] = [...(header[name] ?? []), value];
  }
  const recipients = new Set(envelope.rcptTo.map((r) => mailboxName(r.address)));
  for (const box of recipients) {
    counter += 1;
    const id = `${Date.now().toString(36)}-${counter}`;
    const summary = {
      mailbox: box,
      id,
      from: addressList(parsed.from)[0] ?? "",
      to: addressList(parsed.to),
      subject: parsed.subject ?? "",
      date: date.toISOString(),
      "posix-millis": date.getTime(),
      size: raw.length,
      seen: false,
    };
    const full = {
      ...summary,
      header,
      body: { text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : "" },
      attachments: (parsed.attachments ?? []).map((a) => ({
        filename: a.filename,
        "content-type": a.contentType,
        "download-link": "",
        "view-link": "",
        md5: a.checksum,
      })),
      raw: raw.toString("utf8"),
    };
    if (!boxes.has(box)) boxes.set(box, []);
    boxes.get(box).push(full);
  }
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  size: 20 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      store(Buffer.concat(chunks), session.envelope).then(
        () => callback(),
        (err) => callback(err),
      );
    });
  },
});
smtp.on("error", (err) => console.error("smtp error", err.message));

function send(res, status, body) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": typeof body === "string" ? "text/plain; charset=utf-8" : "application/json",
  });
  res.end(text);
}

const api = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "healthz") return send(res, 200, "OK");
  if (parts[0] !== "api" || parts[1] !== "v1" || parts[2] !== "mailbox" || !parts[3])
    return send(res, 404, "not found");
  const box = mailboxName(parts[3]);
  const messages = boxes.get(box) ?? [];
  if (req.method === "DELETE") {
    if (parts[4])
      boxes.set(
        box,
        messages.filter((m) => m.id !== parts[4]),
      );
    else boxes.delete(box);
    return send(res, 200, "OK");
  }
  if (!parts[4]) {
    return send(
      res,
      200,
      messages.map(({ header, body, attachments, raw, ...summary }) => summary),
    );
  }
  const message = messages.find((m) => m.id === parts[4]);
  if (!message) return send(res, 404, "message not found");
  if (parts[5] === "source") return send(res, 200, message.raw);
  message.seen = true;
  const { raw, ...full } = message;
  return send(res, 200, full);
});

smtp.listen(SMTP_PORT, HOST, () => {
  api.listen(HTTP_PORT, HOST, () => {
    console.log(`mail-shim: smtp on ${HOST}:${SMTP_PORT}, inbucket-style api on http://${HOST}:${HTTP_PORT}`);
  });
});

for (const sig of ["SIGTERM", "SIGINT"]) {
  process.on(sig, () => {
    api.close();
    smtp.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
