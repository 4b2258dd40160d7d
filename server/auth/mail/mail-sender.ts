/**
 * The From of a mail sent through the shared server (SMTP_URL with EMAIL_FROM): named after the
 * project, as Stack's shared server names it, when EMAIL_FROM is a bare address; an EMAIL_FROM
 * with a name of its own is the operator's choice and stays as it is.
 */
export function sharedSender(emailFrom: string, projectDisplayName: string | undefined) {
  const bare = /^\s*<?([^<>\s"]+@[^<>\s"]+?)>?\s*$/.exec(emailFrom);
  if (bare?.[1] && projectDisplayName) return { name: projectDisplayName, address: bare[1] };
  return emailFrom;
}
