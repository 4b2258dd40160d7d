import type { AuditAction } from "@contract/audit";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Every action of an app's history in words, for the filters of the instance audit log and the team activity. */
export const APP_AUDIT_ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  "secret.created": msg`Secret created`,
  "secret.updated": msg`Secret changed`,
  "secret.deleted": msg`Secret deleted`,
  "secrets.revealed": msg`Secrets revealed`,
  "secrets.exported": msg`Secrets exported`,
  "secrets.pulled": msg`Secrets pulled`,
  "secrets.referenced": msg`Secrets read through a reference`,
  "token.created": msg`Service token created`,
  "token.revoked": msg`Service token revoked`,
  "environment.created": msg`Environment created`,
  "environment.updated": msg`Environment changed`,
  "environment.deleted": msg`Environment deleted`,
  "environment.rolled_back": msg`Environment rolled back`,
  "environment.copied": msg`Values copied between environments`,
  "secret.restored": msg`Secret version restored`,
  "secret.version_revealed": msg`Secret version revealed`,
  "webhook.created": msg`Webhook added`,
  "webhook.updated": msg`Webhook changed`,
  "webhook.deleted": msg`Webhook deleted`,
  "webhook.secret_rotated": msg`Webhook signing secret rotated`,
};
