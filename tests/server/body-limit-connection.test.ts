import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

const PACE_MS = 100;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/**
 * Sends `first`; once an answer's head is back, `late` a piece every PACE_MS (a body still arriving),
 * then `second` on the same socket unless told to close. Answers all that came back.
 */
async function onOneSocket(first: Buffer[], second: string, late: Buffer[] = []) {
  const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
  socket.setNoDelay(true);
  let received = "";
  let reset = false;
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
  });
  socket.on("error", () => {
    reset = true;
  });
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise((resolve) => socket.once("connect", resolve));
  for (const part of first) socket.write(part);
  await expect.poll(() => received.includes("\r\n\r\n"), { timeout: 10_000 }).toBe(true);
  for (const part of late) {
    if (socket.destroyed || socket.writableEnded) break;
    // The pace is the stimulus here (a slow upload), not a wait for a state.
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    socket.write(part);
  }
  // A client honouring keep-alive sends its next request on the same socket.
  if (!/\r\nconnection: close\r\n/i.test(received)) socket.write(second);
  await Promise.race([closed, expect.poll(() => received.split("HTTP/1.1 ").length - 1, { timeout: 10_000 }).toBe(2)]);
  socket.destroy();
  return { received, reset };
}

describe("a body over the limit", () => {
  it.each([
    ["announced by Content-Length", "content-length"],
    ["sent chunked", "chunked"],
  ])("%s: the 413 says Connection: close, or the connection carries the next request", async (_name, framing) => {
    const body = Buffer.alloc(2 * 1024 * 1024, "a");
    const head =
      framing === "chunked"
        ? `POST /api/v1/apps HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n`
        : `POST /api/v1/apps HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const parts = [Buffer.from(head), body, Buffer.from(framing === "chunked" ? "\r\n0\r\n\r\n" : "")];
    const { received, reset } = await onOneSocket(parts, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toContain("BODY_TOO_LARGE");
    const closes = /\r\nconnection: close\r\n/i.test(received);
    if (closes) expect(received).not.toMatch(/keep-alive/i);
    else expect(received, "the second request on a kept-alive connection").toMatch(/HTTP\/1\.1 200 /);
    expect(reset).toBe(false);
  });
});

describe("a streamed upload refused before its body has arrived", () => {
  it("the early answer says Connection: close, or the connection carries the next request", async () => {
    // An import's body streams to its route unread (no body limit); refused at once (no session
    // here), the rest is still on its way. @hono/node-server drains it for 500 ms after the answer
    // and then closes the socket: a client told "keep-alive" would send its next request into that.
    const total = 3 * 1024 * 1024;
    const head = `POST /api/v1/db/nope/import/new-table HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`;
    const first = [Buffer.from(head), Buffer.alloc(64 * 1024, "a")];
    const late = Array.from({ length: 8 }, () => Buffer.alloc((total - 64 * 1024) / 8, "a"));
    const { received, reset } = await onOneSocket(first, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", late);
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    const closes = /\r\nconnection: close\r\n/i.test(received);
    if (!closes) expect(received, "the second request on a kept-alive connection").toMatch(/HTTP\/1\.1 200 /);
    else expect(reset).toBe(false);
  });
});
