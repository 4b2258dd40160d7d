import type { InstanceAuditAction } from "@contract/instance-audit";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { APP_AUDIT_ACTION_LABELS } from "@/lib/audit/app-audit-action-labels";

/** Every action of the instance audit log in words, for the list and its filter. */
export const AUDIT_ACTION_LABELS: Record<InstanceAuditAction, MessageDescriptor> = {
  "operator.signed_in": msg`Operator signed in`,
  "impersonation.started": msg`Impersonation started`,
  "impersonation.ended": msg`Impersonation ended`,
  "impersonation.request": msg`Change during an impersonation`,
  "impersonation.auth_change": msg`Sign-in service change during an impersonation`,
  "user.created": msg`User created`,
  "user.updated": msg`User changed`,
  "user.restricted": msg`User restricted`,
  "user.unrestricted": msg`User restriction lifted`,
  "user.deleted": msg`User deleted`,
  "session.created": msg`Session created`,
  "session.revoked": msg`Session ended`,
  "role.granted": msg`Permission granted`,
  "role.revoked": msg`Permission revoked`,
  "role.definition_changed": msg`Permission definition changed`,
  "team.changed": msg`Team changed`,
  "settings.changed": msg`Settings changed`,
  "api_key.changed": msg`API keys changed`,
  "email_template.changed": msg`E-mail template changed`,
  "webhook.changed": msg`Webhook changed`,
  "admin.changed": msg`Other admin change`,
  "backup.started": msg`Backup started`,
  "backup.created": msg`Backup written`,
  "backup.failed": msg`Backup failed`,
  "backup.downloaded": msg`Backup downloaded`,
  "backup.deleted": msg`Backup deleted`,
  "backup.database_restored": msg`Database restored from a backup`,
  "instance.restored": msg`Instance restored`,
  ...APP_AUDIT_ACTION_LABELS,
};
