import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormError } from "@/components/auth-card";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { download } from "@/lib/download";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { accountKeys } from "../../lib/session/account-user";
import { type AccessTokenSource, newRecoveryCodes, recoveryCodesLeft } from "./recovery-codes-api";

const recoveryCodesKey = [...accountKeys.all, "recovery-codes"] as const;
export const RECOVERY_CODES_FILE = "app-console-recovery-codes.txt";

/**
 * The recovery codes of a user with TOTP: how many are left, and a new set (which ends the old one).
 * A new set is shown this once, to copy or download; the server keeps only hashes of it.
 */
export function RecoveryCodesPanel({
  accessToken,
  initialCodes = null,
}: {
  accessToken: AccessTokenSource;
  /** A set just made (when TOTP was turned on), shown at once. */
  initialCodes?: string[] | null;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const left = useQuery({ queryKey: recoveryCodesKey, queryFn: () => recoveryCodesLeft(accessToken) });
  const [codes, setCodes] = useState<string[] | null>(initialCodes);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remaining = left.data?.remaining;

  async function renew() {
    setError(null);
    setBusy(true);
    try {
      setCodes((await newRecoveryCodes(accessToken)).codes);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: recoveryCodesKey });
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  const fileText = (shown: string[]) =>
    [
      t`App Console recovery codes`,
      t`Each code signs you in once in place of a code from your authenticator app.`,
      "",
      ...shown,
      "",
    ].join("\r\n");

  return (
    <section aria-labelledby="account-recovery-codes" className="grid gap-2 border-t border-white/10 pt-3">
      <h3 id="account-recovery-codes" className="font-medium text-white">
        {t`Recovery codes`}
      </h3>
      <p className="text-sm text-slate-300">
        {t`If you lose your authenticator app, a recovery code signs you in once in its place.`}
      </p>
      {codes ? (
        <div className="grid gap-3">
          <p role="status" className="text-sm text-amber-200">
            {t`Save these codes now: they are shown only this once.`}
          </p>
          <ol
            aria-label={t`Your recovery codes`}
            className="grid grid-cols-2 gap-x-6 gap-y-1 rounded bg-black/30 p-3 font-mono text-slate-100 sm:max-w-sm"
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                navigator.clipboard.writeText(codes.join("\n")).then(
                  () => notify.success(t`Copied to clipboard`),
                  () => notify.error(t`Could not copy to the clipboard`),
                )
              }
            >
              {t`Copy`}
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => download(RECOVERY_CODES_FILE, "text/plain;charset=utf-8", fileText(codes))}
            >
              {t`Download .txt`}
            </Button>
            <Button type="button" onClick={() => setCodes(null)}>
              {t`I have saved them`}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-2">
          {left.isPending && <Spinner />}
          {left.isError && (
            <p role="alert" className="text-red-300">
              {errorText(i18n, left.error)}
            </p>
          )}
          {remaining !== undefined && (
            <p className={remaining === 0 ? "text-sm text-amber-200" : "text-sm text-slate-200"}>
              {remaining === 0
                ? t`No recovery codes left.`
                : t`${plural(remaining, { one: "# recovery code left", other: "# recovery codes left" })}`}
            </p>
          )}
          {confirming ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm text-slate-200">{t`Your current recovery codes will stop working.`}</p>
              <Button type="button" disabled={busy} onClick={() => void renew()}>
                {busy && <Spinner />}
                {t`Make new codes`}
              </Button>
              <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                {t`Cancel`}
              </Button>
            </div>
          ) : (
            <div>
              <Button
                type="button"
                variant="outline"
                disabled={busy || left.isPending}
                // With no codes left there is nothing to lose: no confirmation.
                onClick={() => (remaining ? setConfirming(true) : void renew())}
              >
                {busy && <Spinner />}
                {t`New recovery codes`}
              </Button>
            </div>
          )}
        </div>
      )}
      <FormError message={error} />
    </section>
  );
}
