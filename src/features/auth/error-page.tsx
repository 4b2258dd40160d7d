import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorText } from "@/lib/errors/error-text";
import { AuthCard } from "../../components/auth-card";

/** Where the auth service sends a browser when a flow fails (`?message=…&errorCode=…`). */
export function ErrorPage({ message, errorCode }: { message?: string; errorCode?: string }) {
  const { t, i18n } = useLingui();
  // Our words for a known code; the service's message for one this build does not know.
  const text = errorCode
    ? errorText(i18n, Object.assign(new Error(message ?? ""), { errorCode }), msg`An error occurred`)
    : message || t`An error occurred`;
  return (
    <AuthCard title={t`Error`}>
      <div className="grid min-w-0 gap-4 text-center">
        <TriangleAlert className="mx-auto size-10 text-amber-300" aria-hidden="true" />
        <p role="alert" className="wrap-anywhere text-slate-100">
          {text}
        </p>
        {errorCode && (
          <p className="text-sm text-slate-400">
            {t`Error code:`} <code className="font-mono break-all text-slate-200">{errorCode}</code>
          </p>
        )}
        <Button asChild>
          <Link to="/login">{t`Back to login`}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
