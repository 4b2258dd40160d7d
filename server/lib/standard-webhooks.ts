import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { OutboundPolicy } from "./outbound.ts";
import { postThroughPolicy } from "./outbound-http.ts";

/** A signing secret as Standard Webhooks (and Svix) write it: "whsec_" + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export interface SignedPost {
  url: string;
  /** The signing secret, "whsec_…". */
  secret: string;
  /** webhook-id: the same across retries of one message, so receivers can deduplicate. */
  messageId: string;
  body: string;
  timeoutMs: number;
}

/**
 * POSTs `body` signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature)
 * through the outbound policy; answers the receiver's status. The auth service's user and team
 * events and the app API's secret-change events are both sent here.
 */
export function postSignedWebhook(outbound: OutboundPolicy, post: SignedPost): Promise<number> {
  const timestamp = new Date();
  return postThroughPolicy(post.url, outbound, {
    headers: {
      "content-type": "application/json",
      "webhook-id": post.messageId,
      "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
      "webhook-signature": new Webhook(post.secret).sign(post.messageId, timestamp, post.body),
    },
    body: post.body,
    timeoutMs: post.timeoutMs,
  });
}
