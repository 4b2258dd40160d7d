import { useLingui } from "@lingui/react/macro";
import { MailWarning } from "lucide-react";
import { useSessionUser } from "../../components/auth-guard";
import { ResendVerification } from "./resend-verification";

/** For a signed-in user whose address is not verified yet: what to do, and a resend. */
export function VerifyEmailBanner() {
  const { t } = useLingui();
  const user = useSessionUser();
  // `false`, not falsy: a user kept for offline use from an older build has no such field.
  if (user.emailVerified !== false || !user.email) return null;
  const email = user.email;
  return (
    <section
      aria-label={t`E-mail not verified`}
      className="flex flex-wrap items-start gap-3 border-b border-amber-400/30 bg-amber-950/40 px-4 py-3 text-sm text-amber-100"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
      <p className="min-w-0 flex-1 basis-64 break-words">
        {t`Your e-mail address ${email} is not verified yet. Open the link we mailed you to verify it.`}
      </p>
      <ResendVerification email={email} size="sm" />
    </section>
  );
}
