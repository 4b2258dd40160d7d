import { useLingui } from "@lingui/react/macro";
import { GitBranch, Globe } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/lib/notify";
import { getStackApp } from "./stack";

type Provider = "github" | "google";

/** Social sign-in: the SDK sends the browser to the provider, which comes back to /handler/oauth-callback. */
export function SocialButtons() {
  const { t } = useLingui();
  const [busy, setBusy] = useState<Provider | null>(null);

  async function signIn(provider: Provider) {
    setBusy(provider);
    try {
      const app = await getStackApp();
      await app.signInWithOAuth(provider);
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : t`An error occurred during login`);
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-2">
      <Button variant="outline" disabled={busy !== null} onClick={() => void signIn("github")}>
        {busy === "github" ? <Spinner /> : <GitBranch aria-hidden="true" />}
        {t`Continue with GitHub`}
      </Button>
      <Button variant="outline" disabled={busy !== null} onClick={() => void signIn("google")}>
        {busy === "google" ? <Spinner /> : <Globe aria-hidden="true" />}
        {t`Continue with Google`}
      </Button>
    </div>
  );
}

export function OrDivider() {
  const { t } = useLingui();
  return (
    <div className="my-4 flex items-center gap-3 text-xs text-slate-400 uppercase">
      <span className="h-px flex-1 bg-white/10" />
      {t`or`}
      <span className="h-px flex-1 bg-white/10" />
    </div>
  );
}
