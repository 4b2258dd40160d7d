import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * AES-256-GCM envelope encryption: a master key wraps one data key per scope, data keys encrypt
 * values. Sealed text is `v1.<iv>.<ciphertext>.<tag>` in base64url; the additional data (AAD) binds
 * it to where it belongs, so a ciphertext copied to another row or app fails to open.
 */
export interface MasterKey {
  /** Short fingerprint stored beside each wrapped key, to tell a wrong master key from corruption. */
  id: string;
  key: Buffer;
}

const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = "v1";

export function masterKeyFromBytes(key: Buffer): MasterKey {
  if (key.length !== KEY_BYTES) throw new Error("a master key must be exactly 32 bytes");
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 16), key };
}

export function masterKeyPath(dataDir: string): string {
  return join(dataDir, "master.key");
}

/**
 * SECRETS_MASTER_KEY when set; otherwise DATA_DIR/master.key, generated with mode 0600 on first use.
 * Several instances sharing one PostgreSQL must all be given the same SECRETS_MASTER_KEY.
 */
export function loadMasterKey(options: { secretsMasterKey?: string; dataDir: string }): MasterKey {
  if (options.secretsMasterKey) return masterKeyFromBytes(Buffer.from(options.secretsMasterKey, "base64"));
  const path = masterKeyPath(options.dataDir);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    // "wx" fails if another process created the file meanwhile; then its key is read below.
    try {
      writeFileSync(path, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  chmodSync(path, 0o600);
  return masterKeyFromBytes(Buffer.from(readFileSync(path, "utf8").trim(), "base64"));
}

export function newDataKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

export function seal(key: Buffer, plaintext: Buffer | string, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export class EnvelopeError extends Error {
  override name = "EnvelopeError";
}

export function open(key: Buffer, sealed: string, aad: string): Buffer {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) {
    throw new EnvelopeError("not a sealed value");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
  } catch {
    throw new EnvelopeError("value does not open under this key and additional data");
  }
}

/** The AAD of a wrapped data key: the key is bound to its scope. */
export function dataKeyAad(scope: string): string {
  return `data-key:${scope}`;
}

export function wrapDataKey(master: MasterKey, dataKey: Buffer, scope: string): string {
  return seal(master.key, dataKey, dataKeyAad(scope));
}

export function unwrapDataKey(master: MasterKey, wrapped: string, scope: string): Buffer {
  return open(master.key, wrapped, dataKeyAad(scope));
}
