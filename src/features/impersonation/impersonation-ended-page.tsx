import { useLingui } from "@lingui/react/macro";
import { AuthCard } from "@/components/auth-card";

/** Where an impersonation tab goes when the operator ends it: the session is revoked, nothing of it is kept. */
export function ImpersonationEndedPage() {
  const { t } = useLingui();
  return (
    <AuthCard title={t`Impersonation ended`}>
      <p role="status" className="text-center text-slate-200">
        {t`The session as this user has ended and was signed out on the server. You can close this tab.`}
      </p>
    </AuthCard>
  );
}
