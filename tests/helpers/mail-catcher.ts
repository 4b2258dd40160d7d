import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

/**
 * A real SMTP server for tests. Each accepted message is parsed and filed as JSON in `dir`, so
 * tests in other processes (Playwright workers) can read the mail too.
 */
export async function startMailCatcher(dir: string): Promise<{ smtpUrl: string; dir: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
            a.value.map((v) => (v.address ?? "").toLowerCase()),
          );
          const mail: CaughtMail = {
            to,
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            receivedAt: Date.now(),
          };
          counter += 1;
          // Written aside and renamed, so a reader polling the folder never sees half a file.
          const file = join(dir, `${Date.now()}-${process.pid}-${counter}.json`);
          writeFileSync(`${file}.partial`, JSON.stringify(mail));
          renameSync(`${file}.partial`, file);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every mail filed so far for `address`, oldest first. */
export function readMails(dir: string, address: string): CaughtMail[] {
  const wanted = address.toLowerCase();
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as CaughtMail)
    .filter((m) => m.to.includes(wanted));
}

/** Polls until a mail for `address` matching `predicate` arrives. */
export async function waitForMail(
  dir: string,
  address: string,
  predicate: (mail: CaughtMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readMails(dir, address).filter(predicate).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail for ${address} within ${timeoutMs} ms`);
}
