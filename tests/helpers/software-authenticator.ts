import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A WebAuthn authenticator in software, and the sliver of a browser around it that
 * `@simplewebauthn/browser` (and so the Stack SDK's passkey methods) needs in Node: `window.location`,
 * `navigator.credentials.create/get` and `PublicKeyCredential`. Keys are real ES256 (P-256) keys
 * from node:crypto, attestation is the "none" format, and every byte of the authenticator data and
 * CBOR is built here by hand, so nothing of the server's own WebAuthn library is used to make the
 * answers it checks.
 */

// ---------------------------------------------------------------------------------------------
// CBOR (RFC 8949), only what attestation objects and COSE keys need.

export type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** Encodes integers, byte strings, text strings and maps (keys in the order given). */
export function cborEncode(value: CborValue): Buffer {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`CBOR: only integers are supported, not ${value}`);
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cborEncode(key), cborEncode(item));
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------------------------------------
// The authenticator.

const COSE_ALG_ES256 = -7;
/** AAGUID of this software authenticator (any 16 bytes; "none" attestation does not vouch for it). */
const AAGUID = Buffer.from("5e1f7a0c0de0a0e0b0c0d0e0f0a0b0c0", "hex");

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export interface SoftwareCredential {
  /** Credential id (raw bytes). */
  id: Buffer;
  rpId: string;
  /** The user handle the relying party gave at registration. */
  userHandle: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Signature counter of the last assertion (or of the registration). */
  signCount: number;
}

/** How one assertion departs from what an honest authenticator and browser would send. */
export interface Tampering {
  /** Report this signature counter instead of the next one. */
  signCount?: number;
  /** Sign with this private key instead of the credential's. */
  signWith?: KeyObject;
  /** Put this origin in the client data instead of the page's (a forged or compromised client). */
  origin?: string;
}

export interface SoftwareAuthenticatorOptions {
  /**
   * "increment": a counter per credential that goes up by one at every assertion (security keys).
   * "zero": always 0, as synced passkeys do.
   */
  signCount?: "increment" | "zero";
}

/** COSE_Key (RFC 9053) of an EC2 P-256 public key, map keys in CTAP2 canonical order. */
export function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  if (!jwk.x || !jwk.y) throw new Error("not an EC public key");
  return cborEncode(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, COSE_ALG_ES256], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, "base64url")],
      [-3, Buffer.from(jwk.y, "base64url")],
    ]),
  );
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];
  private readonly counting: boolean;
  private tampering: Tampering | null = null;

  constructor(options: SoftwareAuthenticatorOptions = {}) {
    this.counting = (options.signCount ?? "increment") === "increment";
  }

  /** Makes the next assertion (only that one) depart from the honest answer. */
  tamperNext(tampering: Tampering): void {
    this.tampering = tampering;
  }

  /** authenticatorMakeCredential: a new key pair for rpId, attested with the "none" format. */
  makeCredential(input: { rpId: string; userHandle: Buffer; algorithms: number[]; excludeCredentialIds: Buffer[] }): {
    credential: SoftwareCredential;
    attestationObject: Buffer;
    authenticatorData: Buffer;
  } {
    if (!input.algorithms.includes(COSE_ALG_ES256)) {
      throw new DOMException("The authenticator supports only ES256.", "NotSupportedError");
    }
    if (
      this.credentials.some((c) => c.rpId === input.rpId && input.excludeCredentialIds.some((id) => id.equals(c.id)))
    ) {
      throw new DOMException("The authenticator already holds a credential for this account.", "InvalidStateError");
    }
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credential: SoftwareCredential = {
      id: randomBytes(32),
      rpId: input.rpId,
      userHandle: input.userHandle,
      privateKey,
      publicKey,
      signCount: 0,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authenticatorData = Buffer.concat([
      this.authDataHead(input.rpId, FLAG_UP | FLAG_UV | FLAG_AT, credential.signCount),
      AAGUID,
      idLength,
      credential.id,
      coseKeyOf(publicKey),
    ]);
    const attestationObject = cborEncode(
      new Map<CborValue, CborValue>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authenticatorData],
      ]),
    );
    this.credentials.push(credential);
    return { credential, attestationObject, authenticatorData };
  }

  /** authenticatorGetAssertion: signs authenticatorData || SHA-256(clientDataJSON) (DER ECDSA). */
  getAssertion(input: { rpId: string; clientDataJSON: Buffer; allowCredentialIds: Buffer[]; tampering: Tampering }): {
    credential: SoftwareCredential;
    authenticatorData: Buffer;
    signature: Buffer;
  } {
    const { rpId } = input;
    const candidates = this.credentials.filter(
      (c) =>
        c.rpId === rpId &&
        (input.allowCredentialIds.length === 0 || input.allowCredentialIds.some((id) => id.equals(c.id))),
    );
    // The user picks the newest one, as a browser lists them newest first.
    const credential = candidates.at(-1);
    if (!credential) throw new DOMException("No passkey for this site on this authenticator.", "NotAllowedError");
    let signCount = 0;
    if (input.tampering.signCount !== undefined) signCount = input.tampering.signCount;
    else if (this.counting) signCount = credential.signCount + 1;
    if (input.tampering.signCount === undefined) credential.signCount = signCount;
    const authenticatorData = this.authDataHead(rpId, FLAG_UP | FLAG_UV, signCount);
    const signature = sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(input.clientDataJSON)]),
      input.tampering.signWith ?? credential.privateKey,
    );
    return { credential, authenticatorData, signature };
  }

  /** Takes (and clears) the tampering set for the next assertion. */
  takeTampering(): Tampering {
    const tampering = this.tampering ?? {};
    this.tampering = null;
    return tampering;
  }

  private authDataHead(rpId: string, flags: number, signCount: number): Buffer {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(signCount, 33);
    return head;
  }
}

// ---------------------------------------------------------------------------------------------
// The browser around it.

const toBuffer = (source: BufferSource): Buffer =>
  ArrayBuffer.isView(source)
    ? Buffer.from(source.buffer, source.byteOffset, source.byteLength)
    : Buffer.from(new Uint8Array(source));

const toArrayBuffer = (bytes: Buffer): ArrayBuffer => new Uint8Array(bytes).buffer;

/** Whether a page on `hostname` may use `rpId`: the same host or a parent domain of it (not a bare TLD). */
function rpIdAllowed(rpId: string, hostname: string): boolean {
  if (rpId === hostname) return true;
  return hostname.endsWith(`.${rpId}`) && rpId.includes(".");
}

/** A PublicKeyCredential stand-in: a real class, so `typeof PublicKeyCredential === "function"`. */
class SoftwarePublicKeyCredential {
  readonly type = "public-key";
  readonly authenticatorAttachment = "platform";
  readonly id: string;
  constructor(
    readonly rawId: ArrayBuffer,
    readonly response: object,
  ) {
    this.id = Buffer.from(rawId).toString("base64url");
  }
  getClientExtensionResults() {
    return {};
  }
  static isUserVerifyingPlatformAuthenticatorAvailable() {
    return Promise.resolve(true);
  }
  static isConditionalMediationAvailable() {
    return Promise.resolve(false);
  }
}

const GLOBALS = ["window", "navigator", "PublicKeyCredential"] as const;

/**
 * Installs `window`, `navigator.credentials` and `PublicKeyCredential` on globalThis, backed by an
 * authenticator, for a page at `pageUrl`. Call `uninstall()` when done (e.g. in afterEach).
 */
export class SoftwareBrowser {
  private saved = new Map<string, PropertyDescriptor | undefined>();
  location: URL;
  /** Every WebAuthn call the page made, in order ("create" or "get"). */
  readonly calls: Array<"create" | "get"> = [];

  constructor(
    public authenticator: SoftwareAuthenticator,
    pageUrl: string,
  ) {
    this.location = new URL(pageUrl);
  }

  /** Moves the page to another URL (another origin changes what WebAuthn is asked for). */
  goTo(pageUrl: string): void {
    this.location = new URL(pageUrl);
  }

  install(): this {
    const browser = this;
    const credentials = {
      create: (options?: CredentialCreationOptions) => browser.create(options),
      get: (options?: CredentialRequestOptions) => browser.get(options),
    };
    const values: Record<(typeof GLOBALS)[number], unknown> = {
      window: {
        get location() {
          return browser.location;
        },
      },
      navigator: { credentials, userAgent: "software-authenticator" },
      PublicKeyCredential: SoftwarePublicKeyCredential,
    };
    for (const name of GLOBALS) {
      this.saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
      Object.defineProperty(globalThis, name, { value: values[name], configurable: true, writable: true });
    }
    return this;
  }

  uninstall(): void {
    for (const [name, descriptor] of this.saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
    this.saved.clear();
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: BufferSource, origin: string): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge: toBuffer(challenge).toString("base64url"), origin, crossOrigin: false }),
      "utf8",
    );
  }

  private checkRpId(rpId: string): void {
    if (!rpIdAllowed(rpId, this.location.hostname)) {
      throw new DOMException(
        `The relying party id ${rpId} is not allowed on ${this.location.hostname}.`,
        "SecurityError",
      );
    }
  }

  private async create(options?: CredentialCreationOptions): Promise<SoftwarePublicKeyCredential> {
    this.calls.push("create");
    const publicKey = options?.publicKey;
    if (!publicKey) throw new DOMException("Only publicKey credentials are supported.", "NotSupportedError");
    if (options.signal?.aborted) throw new DOMException("Aborted.", "AbortError");
    const rpId = publicKey.rp.id ?? this.location.hostname;
    this.checkRpId(rpId);
    const clientDataJSON = this.clientData("webauthn.create", publicKey.challenge, this.location.origin);
    const made = this.authenticator.makeCredential({
      rpId,
      userHandle: toBuffer(publicKey.user.id),
      algorithms: publicKey.pubKeyCredParams.map((p) => p.alg),
      excludeCredentialIds: (publicKey.excludeCredentials ?? []).map((c) => toBuffer(c.id)),
    });
    const publicKeyDer = made.credential.publicKey.export({ format: "der", type: "spki" });
    return new SoftwarePublicKeyCredential(toArrayBuffer(made.credential.id), {
      clientDataJSON: toArrayBuffer(clientDataJSON),
      attestationObject: toArrayBuffer(made.attestationObject),
      getTransports: () => ["internal", "hybrid"],
      getPublicKeyAlgorithm: () => COSE_ALG_ES256,
      getPublicKey: () => toArrayBuffer(publicKeyDer),
      getAuthenticatorData: () => toArrayBuffer(made.authenticatorData),
    });
  }

  private async get(options?: CredentialRequestOptions): Promise<SoftwarePublicKeyCredential> {
    this.calls.push("get");
    const publicKey = options?.publicKey;
    if (!publicKey) throw new DOMException("Only publicKey credentials are supported.", "NotSupportedError");
    if (options.signal?.aborted) throw new DOMException("Aborted.", "AbortError");
    const rpId = publicKey.rpId ?? this.location.hostname;
    this.checkRpId(rpId);
    const tampering = this.authenticator.takeTampering();
    const clientDataJSON = this.clientData(
      "webauthn.get",
      publicKey.challenge,
      tampering.origin ?? this.location.origin,
    );
    const assertion = this.authenticator.getAssertion({
      rpId,
      clientDataJSON,
      allowCredentialIds: (publicKey.allowCredentials ?? []).map((c) => toBuffer(c.id)),
      tampering,
    });
    return new SoftwarePublicKeyCredential(toArrayBuffer(assertion.credential.id), {
      clientDataJSON: toArrayBuffer(clientDataJSON),
      authenticatorData: toArrayBuffer(assertion.authenticatorData),
      signature: toArrayBuffer(assertion.signature),
      userHandle: toArrayBuffer(assertion.credential.userHandle),
    });
  }
}
