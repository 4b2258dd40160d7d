/**
 * Who is an operator of the instance, in one rule for the app API's admin gate, the auth service
 * and the admin area's user list: a user whose primary e-mail is listed in ADMIN_EMAILS (or is the
 * first operator's, made through the setup link) and verified (an unverified address proves
 * nothing: anyone can type it).
 */
export function isOperatorAddress(
  adminEmails: readonly string[],
  user: { primaryEmail: string | null | undefined; primaryEmailVerified: boolean },
): boolean {
  const email = user.primaryEmail?.trim().toLowerCase();
  return Boolean(email && user.primaryEmailVerified && adminEmails.some((listed) => listed.toLowerCase() === email));
}

/** GET /admin/operators: the first operator's account and ADMIN_EMAILS, for the user list's column. */
export interface OperatorList {
  firstOperatorId: string | null;
  emails: string[];
}
