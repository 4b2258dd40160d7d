import { chmodSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { join } from "node:path";
import type { Logger } from "../lib/logger.ts";

/**
 * A Unix socket in DATA_DIR through which `npm run backup` asks the running server for a backup:
 * on PGlite the server holds the store and the databases open, so only it can copy them while no
 * statement runs. The socket is the owner's alone (mode 0600; DATA_DIR also holds master.key).
 * One JSON line in, one JSON line out.
 */
export const CONTROL_SOCKET = "control.sock";

export type ControlRequest = { op: "ping" } | { op: "backup"; path: string };
export type ControlResponse =
  | { ok: true; archive?: { path: string; bytes: number; files: number; databases: number } }
  | { ok: false; code: string; message: string };

export function controlSocketPath(dataDir: string): string {
  return join(dataDir, CONTROL_SOCKET);
}

/** Listens on DATA_DIR/control.sock; answers null (and logs) when another live server holds it. */
export async function startControlSocket(
  dataDir: string,
  handle: (request: ControlRequest) => Promise<ControlResponse>,
  logger: Logger,
): Promise<Server | null> {
  const path = controlSocketPath(dataDir);
  // A socket that fails otherwise (permissions) is no answering server: replaced below.
  if ((await askServer(dataDir, { op: "ping" }).catch(() => null)) !== null) {
    logger.warn({ path }, "another server answers on this data folder's control socket; this one opens none");
    return null;
  }
  rmSync(path, { force: true }); // a stale socket of a server that did not stop cleanly
  const server = createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.on("error", () => undefined);
    socket.on("data", (chunk) => {
      input += chunk;
      if (input.length > 64 * 1024) socket.destroy();
      const newline = input.indexOf("\n");
      if (newline < 0) return;
      let request: ControlRequest;
      try {
        request = JSON.parse(input.slice(0, newline)) as ControlRequest;
      } catch {
        socket.end(`${JSON.stringify({ ok: false, code: "BAD_REQUEST", message: "not JSON" })}\n`);
        return;
      }
      handle(request).then(
        (response) => socket.end(`${JSON.stringify(response)}\n`),
        (error: unknown) => {
          logger.error({ err: error }, "control request failed");
          socket.end(`${JSON.stringify({ ok: false, code: "FAILED", message: (error as Error).message })}\n`);
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  server.unref();
  return server;
}

export function closeControlSocket(server: Server | null, dataDir: string): Promise<void> {
  if (!server) return Promise.resolve();
  return new Promise((resolve) =>
    server.close(() => {
      rmSync(controlSocketPath(dataDir), { force: true });
      resolve();
    }),
  );
}

/** Sends one request to the server of `dataDir`; null when no server listens there. */
export function askServer(dataDir: string, request: ControlRequest): Promise<ControlResponse | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let output = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk) => {
      output += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(output) as ControlResponse);
      } catch {
        reject(new Error("the server's answer on the control socket was cut short"));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
  });
}
