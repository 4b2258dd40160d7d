import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { TemplateType } from "./emails-api";

const LABELS = {
  email_verification: msg`E-mail verification`,
  password_reset: msg`Password reset`,
  magic_link: msg`Magic link and sign-in code`,
  team_invitation: msg`Team invitation`,
} as const;

export function templateLabel(i18n: I18n, type: TemplateType): string {
  return i18n._(LABELS[type]);
}

/** What a template may use, as {{name}}: the auth service's own list. */
export { TEMPLATE_VARIABLE_NAMES as TEMPLATE_VARIABLES } from "@contract/email-templates";
