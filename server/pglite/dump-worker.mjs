// pg_dump 18 (WASM, @electric-sql/pglite-tools) for one managed PGlite database, in a thread of its
// own: the dump is CPU work that must not hold the server's event loop. The database lives in
// another thread behind its Unix socket (server/pglite/worker.mjs); the server relays that socket.
// pgDump drives the wire protocol synchronously (each write expects its whole answer before the
// next read), so this thread blocks on Atomics.wait while the server carries bytes both ways.
// Plain JavaScript, like worker.mjs: no TypeScript loader in the thread.
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

const { args, signal: signalBuffer, serverPort } = workerData;
const signal = new Int32Array(signalBuffer);

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/** Waits for the next relayed message from the server's side: bytes, or the socket's end. */
function nextFromServer() {
  for (;;) {
    const seen = Atomics.load(signal, 0);
    const got = receiveMessageOnPort(serverPort);
    if (got) return got.message;
    Atomics.wait(signal, 0, seen);
  }
}

/**
 * The little of PGlite's interface pgDump uses, over the relayed socket. execProtocolRawStream
 * returns once the server has answered everything the written messages ask an answer for
 * (ReadyForQuery after the startup, a Query, a Sync or a function call), as an in-thread PGlite does.
 */
class SocketBackedPglite {
  client = new Uint8Array(0);
  server = new Uint8Array(0);
  startedUp = false;
  /** Answers still owed: ReadyForQuery messages, or 1-byte SSL/GSS refusals. */
  owedReady = 0;
  owedByte = 0;
  startup = false;

  // pgDump reads and restores the session's search_path around its run; the server resets the
  // whole session after the dump itself (RESET ALL on PGlite's one backend), so these do nothing.
  async query() {
    return { rows: [{ search_path: '"$user", public' }] };
  }
  async exec() {
    return [];
  }

  execProtocolRawStream(bytes, { onRawData }) {
    this.countClientMessages(bytes);
    parentPort.postMessage({ type: "send", bytes: bytes.slice() });
    const answer = [];
    while (this.owedReady > 0 || this.owedByte > 0) {
      const message = nextFromServer();
      if (message.closed) throw new Error(message.error ?? "the database closed the connection");
      answer.push(message.bytes);
      this.countServerMessages(message.bytes);
    }
    if (answer.length > 0) onRawData(concat(answer));
  }

  countClientMessages(bytes) {
    this.client = concat([this.client, bytes]);
    for (;;) {
      const view = new DataView(this.client.buffer, this.client.byteOffset, this.client.byteLength);
      if (!this.startedUp) {
        if (this.client.length < 8) return;
        const length = view.getInt32(0);
        const code = view.getInt32(4);
        if (this.client.length < length) return;
        this.client = this.client.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) this.owedByte++;
        else {
          this.startedUp = true;
          this.startup = true;
          this.owedReady++;
        }
        continue;
      }
      if (this.client.length < 5) return;
      const length = 1 + view.getInt32(1);
      if (this.client.length < length) return;
      const type = String.fromCharCode(this.client[0]);
      this.client = this.client.subarray(length);
      if (type === "Q" || type === "S" || type === "F") this.owedReady++;
    }
  }

  countServerMessages(bytes) {
    let rest = bytes;
    if (this.owedByte > 0 && this.server.length === 0 && rest.length > 0) {
      this.owedByte--;
      rest = rest.subarray(1);
    }
    this.server = concat([this.server, rest]);
    for (;;) {
      if (this.server.length < 5) return;
      const view = new DataView(this.server.buffer, this.server.byteOffset, this.server.byteLength);
      const length = 1 + view.getInt32(1);
      if (this.server.length < length) return;
      const type = String.fromCharCode(this.server[0]);
      this.server = this.server.subarray(length);
      if (type === "Z") {
        this.owedReady--;
        this.startup = false;
      } else if (type === "E" && this.startup) {
        // A refused startup ends with the error, no ReadyForQuery.
        this.owedReady--;
        this.startup = false;
      }
    }
  }
}

function concat(parts) {
  if (parts.length === 1) return parts[0];
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Output chunks the server asked for ("more", one per chunk its reader has room for); none before. */
let credit = 0;
let wake = null;
parentPort.on("message", (message) => {
  if (message?.type !== "more") return;
  credit++;
  wake?.();
});

try {
  const file = await pgDump({ pg: new SocketBackedPglite(), args });
  parentPort.postMessage({ type: "size", bytes: file.size });
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    while (credit <= 0)
      await new Promise((resolve) => {
        wake = resolve;
      });
    credit--;
    const chunk = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : value.slice();
    parentPort.postMessage({ type: "chunk", bytes: chunk }, [chunk.buffer]);
  }
  parentPort.postMessage({ type: "done" });
} catch (error) {
  parentPort.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
}
