import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BadgeCheck, KeyRound, LogOut, MailPlus } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { useUserAction } from "./user-actions-api";
import type { AdminSession, AdminUser } from "./users-api";

type Confirming = "verify" | "mfa" | "sessions" | null;

/**
 * What an operator can do for a user who cannot get in: mark the e-mail verified, send a new
 * verification mail, remove the authenticator app (MFA), end every session. Each asks first; the
 * ones that are not possible (already verified, no MFA, no sessions) are not offered.
 */
export function UserAccountActions({ user, sessions }: { user: AdminUser; sessions: AdminSession[] }) {
  const { t, i18n } = useLingui();
  const actions = useUserAction(user.id);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const email = user.primary_email ?? "";
  const unverified = user.primary_email !== null && !user.primary_email_verified;

  async function run(action: () => Promise<unknown>, done: string) {
    setConfirming(null);
    try {
      await action();
      notify.success(done);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    }
  }

  const confirmations = {
    verify: {
      title: t`Mark the e-mail verified`,
      description: t`Mark ${email} as verified without a link from the mail? Only do this when you know the address is theirs.`,
      label: t`Mark verified`,
      pending: actions.markVerified.isPending,
      onConfirm: () => void run(() => actions.markVerified.mutateAsync(), t`The e-mail is marked verified.`),
    },
    mfa: {
      title: t`Reset multi-factor authentication`,
      description: t`Remove the authenticator app from this account? They sign in without a code until they set one up again.`,
      label: t`Reset MFA`,
      pending: actions.resetMfa.isPending,
      onConfirm: () => void run(() => actions.resetMfa.mutateAsync(), t`Multi-factor authentication is reset.`),
    },
    sessions: {
      title: t`End all sessions`,
      description: t`Sign this user out everywhere? Every browser and app they use has to sign in again.`,
      label: t`End sessions`,
      pending: actions.endSessions.isPending,
      onConfirm: () => void run(() => actions.endSessions.mutateAsync(sessions), t`All sessions ended.`),
    },
  };
  const open = confirming ? confirmations[confirming] : null;

  return (
    <section className="grid gap-2" aria-labelledby="user-actions">
      <h3 id="user-actions" className="font-medium text-white">
        {t`Help with access`}
      </h3>
      <div className="flex flex-wrap gap-2">
        {unverified && (
          <>
            <Button variant="outline" size="sm" onClick={() => setConfirming("verify")}>
              <BadgeCheck aria-hidden="true" />
              {t`Mark verified`}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={actions.sendVerification.isPending}
              onClick={() =>
                void run(
                  () => actions.sendVerification.mutateAsync(),
                  t`A new verification e-mail is on its way to ${email}.`,
                )
              }
            >
              {actions.sendVerification.isPending ? <Spinner /> : <MailPlus aria-hidden="true" />}
              {t`Send a new verification e-mail`}
            </Button>
          </>
        )}
        {user.requires_totp_mfa && (
          <Button variant="outline" size="sm" onClick={() => setConfirming("mfa")}>
            <KeyRound aria-hidden="true" />
            {t`Reset MFA`}
          </Button>
        )}
        <Button variant="outline" size="sm" disabled={sessions.length === 0} onClick={() => setConfirming("sessions")}>
          <LogOut aria-hidden="true" />
          {t`End sessions`}
        </Button>
      </div>
      <ConfirmDialog
        open={open !== null}
        onOpenChange={(next) => !next && setConfirming(null)}
        title={open?.title ?? ""}
        description={open?.description ?? ""}
        confirmLabel={open?.label}
        pending={open?.pending}
        onConfirm={() => open?.onConfirm()}
      />
    </section>
  );
}
