import { createHash, createHmac, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { clusterDatabaseUrl, scramVerifier } from "./managed-roles.ts";

interface ScramSession {
  clientNonce: string;
  response: string;
}
/** The SCRAM client of the pg driver (untyped): the other side of the exchange our verifier must satisfy. */
const sasl = createRequire(import.meta.url)("pg/lib/crypto/sasl") as {
  startSession(mechanisms: string[]): ScramSession;
  continueSession(session: ScramSession, password: string, serverData: string): Promise<void>;
  finalizeSession(session: ScramSession, serverData: string): void;
};

/** Plays the server's half of SCRAM-SHA-256 with a stored verifier, as PostgreSQL does. */
async function serverAccepts(verifier: string, password: string): Promise<boolean> {
  const match = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):(.+)$/.exec(verifier);
  if (!match) throw new Error("not a verifier");
  const [, iterations, salt, storedKeyB64, serverKeyB64] = match as unknown as [string, string, string, string, string];
  const session = sasl.startSession(["SCRAM-SHA-256"]);
  const nonce = `${session.clientNonce}${randomBytes(18).toString("base64")}`;
  const serverFirst = `r=${nonce},s=${salt},i=${iterations}`;
  await sasl.continueSession(session, password, serverFirst);
  const finalWithoutProof = session.response.replace(/,p=[^,]+$/, "");
  const proof = Buffer.from(session.response.slice(finalWithoutProof.length + 3), "base64");
  const authMessage = `n=*,r=${session.clientNonce},${serverFirst},${finalWithoutProof}`;
  const storedKey = Buffer.from(storedKeyB64, "base64");
  const signature = createHmac("sha256", storedKey).update(authMessage).digest();
  const clientKey = Buffer.from(proof.map((byte, i) => byte ^ (signature[i] ?? 0)));
  if (!createHash("sha256").update(clientKey).digest().equals(storedKey)) return false;
  const serverSignature = createHmac("sha256", Buffer.from(serverKeyB64, "base64")).update(authMessage).digest();
  sasl.finalizeSession(session, `v=${serverSignature.toString("base64")}`); // throws on a mismatch
  return true;
}

describe("scramVerifier", () => {
  it("is what the driver's SCRAM-SHA-256 exchange proves the password against", async () => {
    const verifier = scramVerifier("correct horse battery staple");
    expect(verifier).toMatch(/^SCRAM-SHA-256\$4096:[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}:[A-Za-z0-9+/=]{44}$/);
    expect(await serverAccepts(verifier, "correct horse battery staple")).toBe(true);
    expect(await serverAccepts(verifier, "correct horse battery stapler")).toBe(false);
  });

  it("salts every verifier differently", () => {
    expect(scramVerifier("same")).not.toBe(scramVerifier("same"));
  });
});

describe("clusterDatabaseUrl", () => {
  it("swaps the database and the login, keeping host, port and options", () => {
    const url = clusterDatabaseUrl("postgres://admin:s3cret@db.internal:6543/control?sslmode=require", "ud_1", {
      user: "ud_1",
      password: "p/w:@?",
    });
    const parsed = new URL(url);
    expect([parsed.host, parsed.pathname, parsed.search]).toEqual(["db.internal:6543", "/ud_1", "?sslmode=require"]);
    expect([decodeURIComponent(parsed.username), decodeURIComponent(parsed.password)]).toEqual(["ud_1", "p/w:@?"]);
  });
});
