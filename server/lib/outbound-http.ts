import http from "node:http";
import https from "node:https";
import { type OutboundPolicy, pinnedLookup } from "./outbound.ts";

export interface OutboundPost {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/**
 * POSTs `body` to `url` through the outbound policy: the host is resolved and checked first (an
 * OutboundRefused leaves before any connection), and the socket goes to that checked address; the
 * URL's host name stays the Host header and the TLS server name. Redirects are not followed.
 * Answers the status only: the receiver's body is read to the end and dropped, since nothing of
 * another host's answer is kept.
 */
export async function postThroughPolicy(url: string, outbound: OutboundPolicy, post: OutboundPost): Promise<number> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : target.protocol === "http:" ? http : null;
  if (!client) throw new Error("Only http:// and https:// URLs can be called.");
  const resolved = await outbound.resolve(target.hostname);
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...post.headers, "content-length": String(Buffer.byteLength(post.body)) },
        lookup: pinnedLookup(resolved) as never,
        // A fresh connection per call: nothing resolved for another call is reused.
        agent: false,
      },
      (response) => {
        response.on("error", fail);
        response.on("end", () => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
        });
        response.resume();
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer within ${post.timeoutMs / 1000} s.`)),
      post.timeoutMs,
    );
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on("error", fail);
    request.end(post.body);
  });
}
