import http from "node:http";
import https from "node:https";
import { type OutboundPolicy, pinnedLookup } from "./outbound.ts";

export interface OutboundRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string> | Headers;
  body?: string;
  signal?: AbortSignal;
}

/** Larger answers are cut off: discovery documents, key sets and token answers are a few KiB. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;

/**
 * A fetch for calls whose answer the server reads (OpenID discovery, key sets, token endpoints),
 * through the outbound policy like postThroughPolicy: the host is checked before any connection and
 * the socket goes to the checked address, the name staying the Host header and TLS server name.
 * Redirects are answered as they are, never followed (a redirect could lead past the check).
 */
export function outboundFetch(outbound: OutboundPolicy) {
  return async (url: string | URL, init: OutboundRequest = {}): Promise<Response> => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : target.protocol === "http:" ? http : null;
    if (!client) throw new Error("Only http:// and https:// URLs can be called.");
    const resolved = await outbound.resolve(target.hostname);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
    return new Promise<Response>((resolve, reject) => {
      const request = client.request(
        target,
        {
          method: init.method ?? "GET",
          headers,
          lookup: pinnedLookup(resolved) as never,
          agent: false,
          signal: init.signal,
          timeout: TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) request.destroy(new Error("The answer is too large."));
            else chunks.push(chunk);
          });
          response.on("error", reject);
          response.on("end", () => {
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (typeof value === "string") answerHeaders.set(name, value);
              else if (Array.isArray(value)) for (const v of value) answerHeaders.append(name, v);
            }
            const status = response.statusCode ?? 502;
            const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers: answerHeaders }));
          });
        },
      );
      request.on("timeout", () => request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s.`)));
      request.on("error", reject);
      request.end(init.body);
    });
  };
}

export type OutboundFetch = ReturnType<typeof outboundFetch>;
