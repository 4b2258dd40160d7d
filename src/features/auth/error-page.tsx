import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { AuthCard } from "./auth-card";

/** Where the auth service sends a browser when a flow fails (`?message=…&errorCode=…`). */
export function ErrorPage({ message, errorCode }: { message?: string; errorCode?: string }) {
  const { t } = useLingui();
  return (
    <AuthCard title={t`Error`}>
      <div className="grid gap-4 text-center">
        <TriangleAlert className="mx-auto size-10 text-amber-300" aria-hidden="true" />
        <p role="alert" className="text-slate-100">
          {message || t`An error occurred`}
        </p>
        {errorCode && (
          <p className="text-sm text-slate-400">
            {t`Error code:`} <code className="font-mono text-slate-200">{errorCode}</code>
          </p>
        )}
        <Button asChild>
          <Link to="/login">{t`Back to login`}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
