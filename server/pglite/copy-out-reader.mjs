// The rows of a `COPY … TO STDOUT` run on an in-thread PGlite (execProtocolRawStream), taken out of
// the wire protocol's CopyData messages into pieces of PIECE_BYTES, each a buffer of its own that can
// be transferred to another thread. PGlite hands its answer over in 8 KiB chunks as it runs the
// statement; a message may span two. Reading the protocol rather than `COPY … TO '/dev/blob'`: that
// device keeps a small array for each write and a Blob of the whole output, garbage enough per batch
// that the thread's resident memory kept growing with the rows (docs/benchmarks.md).
// Plain JavaScript, for the dump thread (snapshot-dump-worker.mjs).

const PIECE_BYTES = 64 * 1024;
const COPY_DATA = 0x64; // 'd'
const ERROR = 0x45; // 'E'

/** The statement as one simple-protocol Query message. */
export function queryMessage(sql) {
  const text = new TextEncoder().encode(`${sql}\0`);
  const message = new Uint8Array(5 + text.length);
  message[0] = 0x51; // 'Q'
  new DataView(message.buffer).setInt32(1, 4 + text.length);
  message.set(text, 5);
  return message;
}

export class CopyOutReader {
  /** Full pieces, in order, for the caller to send and clear. */
  pieces = [];
  piece = new Uint8Array(PIECE_BYTES);
  used = 0;
  header = new Uint8Array(5);
  headerBytes = 0;
  type = 0;
  /** Bytes of the current message's body still to come. */
  remaining = 0;
  errorParts = [];

  /** One chunk of PGlite's answer. */
  push(chunk) {
    let at = 0;
    while (at < chunk.length) {
      if (this.remaining === 0) {
        const take = Math.min(5 - this.headerBytes, chunk.length - at);
        this.header.set(chunk.subarray(at, at + take), this.headerBytes);
        this.headerBytes += take;
        at += take;
        if (this.headerBytes < 5) return;
        this.type = this.header[0];
        this.remaining = new DataView(this.header.buffer).getInt32(1) - 4;
        this.headerBytes = 0;
        continue;
      }
      const take = Math.min(this.remaining, chunk.length - at);
      const body = chunk.subarray(at, at + take);
      if (this.type === COPY_DATA) this.write(body);
      else if (this.type === ERROR) this.errorParts.push(body.slice());
      this.remaining -= take;
      at += take;
    }
  }

  write(bytes) {
    let from = 0;
    while (from < bytes.length) {
      const take = Math.min(PIECE_BYTES - this.used, bytes.length - from);
      this.piece.set(bytes.subarray(from, from + take), this.used);
      this.used += take;
      from += take;
      if (this.used === PIECE_BYTES) {
        this.pieces.push(this.piece);
        this.piece = new Uint8Array(PIECE_BYTES);
        this.used = 0;
      }
    }
  }

  /** After the statement: the last, partial piece joins the others. */
  flush() {
    if (this.used === 0) return;
    this.pieces.push(this.piece.slice(0, this.used));
    this.used = 0;
  }

  /** The server's error message, if the statement failed (ErrorResponse's `M` field). */
  error() {
    if (this.errorParts.length === 0) return null;
    const total = this.errorParts.reduce((sum, part) => sum + part.length, 0);
    const all = new Uint8Array(total);
    let at = 0;
    for (const part of this.errorParts) {
      all.set(part, at);
      at += part.length;
    }
    for (const field of new TextDecoder().decode(all).split("\0")) {
      if (field.startsWith("M")) return field.slice(1);
    }
    return "the COPY failed";
  }
}
