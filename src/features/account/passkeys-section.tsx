import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { FormError } from "@/components/auth-card";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { passkeyErrorMessage } from "@/lib/errors/passkey-errors";
import { notify } from "@/lib/notify";
import { AccountSection } from "../../components/account-section";
import { type AccountUser, useRefreshAccount } from "../../lib/session/account-user";

/** Register a passkey on this device (the browser's own prompt), or turn passkey sign-in off. */
export function PasskeysSection({ user }: { user: AccountUser }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshAccount();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function register() {
    setError(null);
    setBusy(true);
    try {
      const result = await user.registerPasskey();
      if (result.status === "error") {
        setError(await passkeyErrorMessage(i18n, result.error, "register"));
        return;
      }
      await refresh();
      notify.success(t`Passkey added`);
    } catch (e) {
      setError(await passkeyErrorMessage(i18n, e, "register"));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await user.update({ passkeyAuthEnabled: false });
      await refresh();
      notify.success(t`Passkey sign-in is off`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection id="account-passkeys" title={t`Passkeys`}>
      <p className="text-sm text-slate-300">
        {user.passkeyAuthEnabled
          ? t`On: you can sign in with a passkey instead of a password.`
          : t`Off: add a passkey to sign in with your device's screen lock or security key.`}
      </p>
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={() => void register()}>
          {busy && <Spinner />}
          {t`Add a passkey`}
        </Button>
        {user.passkeyAuthEnabled && (
          <Button variant="outline" disabled={busy} onClick={() => void turnOff()}>
            {t`Turn off passkey sign-in`}
          </Button>
        )}
      </div>
    </AccountSection>
  );
}
