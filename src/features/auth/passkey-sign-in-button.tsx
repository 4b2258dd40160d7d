import { useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { restartLiveUpdates } from "@/lib/live-restart";
import { FormError } from "../../components/auth-card";
import { passkeyErrorMessage } from "../../lib/errors/passkey-errors";
import { getStackApp } from "../../lib/session/stack";

/**
 * Signs in with a passkey through the SDK, which lets the browser pick a discoverable credential;
 * on success the SDK moves on to the home page (or to the MFA prompt for a user with TOTP).
 */
export function PasskeySignInButton() {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setError(null);
    setBusy(true);
    try {
      const app = await getStackApp();
      const result = await app.signInWithPasskey();
      if (result.status === "error") setError(await passkeyErrorMessage(i18n, result.error, "sign-in"));
      else restartLiveUpdates();
    } catch (e) {
      setError(await passkeyErrorMessage(i18n, e, "sign-in"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-2">
      <Button type="button" variant="outline" disabled={busy} onClick={() => void signIn()}>
        {busy ? <Spinner /> : <KeyRound aria-hidden="true" />}
        {t`Sign in with a passkey`}
      </Button>
      <FormError message={error} />
    </div>
  );
}
