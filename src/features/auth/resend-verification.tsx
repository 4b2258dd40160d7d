import { useLingui } from "@lingui/react/macro";
import { MailPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { getStackApp, withoutSdkRedirects } from "../../lib/session/stack";

/** After a send the button rests this long; the auth service limits the mails to an address as well. */
const RESEND_PAUSE_MS = 30_000;

/**
 * Sends the signed-in user's verification mail again, for the sign-up card and the banner. The
 * outcome is said once, next to the button (no toast on top of it).
 */
export function ResendVerification({ email, size = "default" }: { email: string; size?: "default" | "sm" }) {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<"idle" | "sending" | "sent" | "resting">("idle");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (state !== "sent") return;
    const timer = setTimeout(() => setState("idle"), RESEND_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function resend() {
    setError(null);
    setState("sending");
    try {
      const app = await getStackApp();
      const user = await app.getUser();
      if (!user) throw new Error("signed out");
      // The link leads to /verify-email (the SDK's emailVerification URL, src/lib/session/auth-urls.ts).
      const refused = await withoutSdkRedirects(() => user.sendVerificationEmail());
      if (refused) {
        setError(errorText(i18n, refused));
        setState("idle");
        return;
      }
      setState("sent");
    } catch (e) {
      setError(errorText(i18n, e));
      setState("idle");
    }
  }

  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        size={size}
        disabled={state === "sending" || state === "sent"}
        onClick={() => void resend()}
      >
        {state === "sending" ? <Spinner /> : <MailPlus aria-hidden="true" />}
        {t`Send the link again`}
      </Button>
      <p role="status" className="text-xs text-slate-300 empty:hidden">
        {state === "sent" ? t`A new link is on its way to ${email}.` : ""}
      </p>
      {error && (
        <p role="alert" className="text-xs text-red-200">
          {error}
        </p>
      )}
    </div>
  );
}
