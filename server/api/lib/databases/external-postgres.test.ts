import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundPolicy, parseOutboundAllow } from "../../../lib/outbound.ts";
import { externalPostgresConfig } from "./external-postgres.ts";

// A server that speaks just enough of PostgreSQL's protocol to ask for a clear-text password and
// keep what the driver answers: what a database the tenant named would receive.
let server: Server;
let port = 0;
const offered: string[] = [];

beforeAll(async () => {
  server = createServer((socket) => {
    let asked = false;
    socket.on("data", (chunk) => {
      if (!asked) {
        asked = true;
        // AuthenticationCleartextPassword: 'R', length 8, code 3.
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
        return;
      }
      if (chunk[0] === 0x70) offered.push(chunk.subarray(5, chunk.length - 1).toString("utf8"));
      socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const policy = createOutboundPolicy(parseOutboundAllow("127.0.0.1/32"));

async function passwordOffered(url: string): Promise<string | undefined> {
  offered.length = 0;
  const client = new pg.Client(await externalPostgresConfig(url, policy));
  await client.connect().catch(() => undefined); // the fake server hangs up after the password
  return offered[0];
}

describe("an external database's connection", () => {
  it("offers the URL's password, and never the server's own PGPASSWORD for a URL without one", async () => {
    const before = process.env.PGPASSWORD;
    process.env.PGPASSWORD = "the-operators-password";
    try {
      expect(await passwordOffered(`postgres://tenant:s%40cret@127.0.0.1:${port}/shop`)).toBe("s@cret");
      expect(await passwordOffered(`postgres://tenant@127.0.0.1:${port}/shop`)).toBe("");
    } finally {
      if (before === undefined) delete process.env.PGPASSWORD;
      else process.env.PGPASSWORD = before;
    }
  });

  it("names the user's database when the URL names none, not the server's PGDATABASE", async () => {
    const config = await externalPostgresConfig(`postgres://tenant@127.0.0.1:${port}`, policy);
    expect(config.database).toBe("tenant");
  });
});
