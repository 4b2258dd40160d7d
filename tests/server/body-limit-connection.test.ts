import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Sends `first`, then `second` on the same socket unless told to close; answers all that came back. */
async function onOneSocket(first: Buffer[], second: string) {
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
