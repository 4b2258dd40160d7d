/**
 * The values an e-mail template may use as {{name}}: the auth service fills them, the admin editor
 * lists them. email is the recipient's address; link is what the mail exists for (verification,
 * reset, sign-in, invitation); otp the code to type instead (sign-in mails); inviterDisplayName who
 * sent a team invitation (their name, else their address).
 */
export const TEMPLATE_VARIABLE_NAMES = [
  "projectDisplayName",
  "email",
  "userDisplayName",
  "teamDisplayName",
  "inviterDisplayName",
  "link",
  "otp",
] as const;
export type TemplateVariableName = (typeof TEMPLATE_VARIABLE_NAMES)[number];
