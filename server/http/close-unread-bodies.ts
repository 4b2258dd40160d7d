import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * A response sent before its request's body has fully arrived (a 401 or 413 that never read the
 * upload) says `Connection: close`, as RFC 9112 §9.6 asks of a server that will not read the rest.
 *
 * Why: @hono/node-server drains such a body after the response and, when the rest has not come
 * within 500 ms (a busy event loop is enough), closes the socket. Without the header the client
 * has already been told the connection stays open and sends its next request on it, which then
 * meets the close: "other side closed", an answer lost (issue 31's hostile-input flake).
 */
export function closeAfterUnreadBodies(server: Server): void {
  // Prepended: hono's listener can write a response synchronously, before a later listener runs.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "GET" || req.method === "HEAD") return;
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!req.complete && !this.headersSent) this.setHeader("Connection", "close");
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
  });
}
