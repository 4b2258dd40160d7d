import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { KeyKind } from "./keys-api";

const LABELS = {
  publishable_client_key: msg`Publishable client key`,
  secret_server_key: msg`Secret server key`,
  super_secret_admin_key: msg`Super secret admin key`,
} as const;

export function keyKindLabel(i18n: I18n, kind: KeyKind): string {
  return i18n._(LABELS[kind]);
}
