import type { AuditEvent } from "@contract/audit";
import { useLingui } from "@lingui/react/macro";

/** What the sentence needs of an event: the app history's and the team activity view's entries both fit. */
export type AuditEventLike = Pick<AuditEvent, "action" | "subject" | "actor" | "detail">;

const copiedKeys = (event: AuditEventLike): string[] =>
  ["created", "replaced"].flatMap((field) => {
    const list = event.detail?.[field];
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
  });

/** An app history event as a sentence in the reader's language: who did what, never a value. */
export function useAuditEventText() {
  const { t } = useLingui();
  return (event: AuditEventLike): string => {
    const user = event.actor.label ?? event.actor.id;
    const operator = event.actor.impersonator ? (event.actor.impersonator.label ?? event.actor.impersonator.id) : null;
    // An impersonation names both: the operator, acting as the user.
    const who = operator ? t`${operator} as ${user}` : user;
    const subject = event.subject ?? "";
    const viaImport = event.detail?.via === "import";
    const format = typeof event.detail?.format === "string" ? event.detail.format : "";
    const environment = typeof event.detail?.environment === "string" ? event.detail.environment : "";
    switch (event.action) {
      case "secret.created":
        return viaImport ? t`${who} added ${subject} by import` : t`${who} added ${subject}`;
      case "secret.updated":
        return viaImport ? t`${who} changed ${subject} by import` : t`${who} changed ${subject}`;
      case "secret.deleted":
        return t`${who} deleted ${subject}`;
      case "secrets.revealed":
        return t`${who} showed all values`;
      case "secrets.exported":
        return t`${who} exported the secrets (${format})`;
      case "secrets.pulled":
        return t`Token "${subject}" read the secrets`;
      case "secrets.referenced":
        return t`${who} read values of ${environment} through a reference from another app`;
      case "token.created":
        return t`${who} created the token "${subject}"`;
      case "token.revoked":
        return t`${who} revoked the token "${subject}"`;
      case "environment.created":
        return t`${who} added the environment ${subject}`;
      case "environment.updated":
        return t`${who} changed the environment ${subject}`;
      case "environment.deleted":
        return t`${who} deleted the environment ${subject}`;
      case "environment.rolled_back":
        return t`${who} rolled the environment ${subject} back`;
      case "environment.copied": {
        // The keys written (new and replaced), never a value.
        const keys = copiedKeys(event).join(", ");
        const from = typeof event.detail?.from === "string" ? event.detail.from : "";
        return t`${who} copied ${keys} from ${from} to ${subject}`;
      }
      case "secret.version_revealed":
        return t`${who} showed an earlier value of ${subject}`;
      case "secret.restored":
        return t`${who} restored an earlier value of ${subject}`;
      case "webhook.created":
        return t`${who} added a webhook to ${subject}`;
      case "webhook.updated":
        return t`${who} changed the webhook to ${subject}`;
      case "webhook.deleted":
        return t`${who} deleted the webhook to ${subject}`;
      case "webhook.secret_rotated":
        return t`${who} rotated the signing secret of the webhook to ${subject}`;
    }
  };
}
