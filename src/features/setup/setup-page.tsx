import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { AuthCard, FormError } from "@/components/auth-card";
import { NewCredentialsFields, readNewCredentials } from "@/components/new-credentials-fields";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { restartLiveUpdates } from "@/lib/live-restart";
import { authKeys, loadSessionUser } from "@/lib/session/current-user";
import { initializeProject } from "@/lib/session/project-init";
import { getStackApp, withoutSdkRedirects } from "@/lib/session/stack";
import { checkSetupLink, createFirstOperator } from "./setup-api";

/**
 * /setup?token=…: the first operator's account, through the one-time link the server printed at
 * its first start. The account is verified at once (no mail needed) and signed in afterwards.
 */
export function SetupPage({ token }: { token: string | undefined }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const link = useQuery({
    queryKey: ["setup-link", token],
    queryFn: () => checkSetupLink(token ?? ""),
    enabled: Boolean(token),
    retry: false,
    gcTime: 0,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const displayName = String(new FormData(event.currentTarget).get("displayName")).trim();
    const credentials = await readNewCredentials(i18n, event.currentTarget);
    if (credentials.problem !== null) {
      setError(credentials.problem);
      return;
    }
    const { email, password } = credentials;
    setError(null);
    setBusy(true);
    try {
      await createFirstOperator({ token: token ?? "", email, password, displayName: displayName || undefined });
      const app = await getStackApp();
      const result = await withoutSdkRedirects(() => app.signInWithCredential({ email, password, noRedirect: true }));
      if (result.status === "error") {
        // The account exists: the visitor can still sign in on the login page.
        setError(errorText(i18n, result.error));
        return;
      }
      const user = await loadSessionUser();
      queryClient.setQueryData(authKeys.user, user);
      restartLiveUpdates();
      if (user && !user.projectInitialized && !(await initializeProject())) return;
      await navigate({ to: "/admin" });
    } catch (e) {
      setError(errorText(i18n, e));
    } finally {
      setBusy(false);
    }
  }

  const description = t`Create the first operator of this instance. The account is verified at once and may use the admin area.`;
  if (!token || link.isError) {
    return (
      <AuthCard title={t`Set up App Console`}>
        <FormError
          message={
            token
              ? errorText(i18n, link.error)
              : t`This page needs the setup link the server printed at its first start.`
          }
        />
        <p className="mt-6 text-center text-sm text-slate-300">
          <Link to="/login" className="text-indigo-300 hover:underline">
            {t`Go to Login`}
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (link.isPending) {
    return (
      <AuthCard title={t`Set up App Console`}>
        <div role="status" className="flex justify-center text-slate-300">
          <Spinner />
          <span className="sr-only">{t`Checking the setup link...`}</span>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Set up App Console`} description={description}>
      <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)}>
        <div className="grid gap-2">
          <Label htmlFor="setup-name">{t`Name (optional)`}</Label>
          <Input id="setup-name" name="displayName" autoComplete="name" maxLength={100} />
        </div>
        <NewCredentialsFields idPrefix="setup" />
        <FormError message={error} />
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : <ShieldCheck aria-hidden="true" />}
          {t`Create operator account`}
        </Button>
      </form>
    </AuthCard>
  );
}
