import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { HistorySection } from "@/features/secrets/history-section";
import { SecretsPanel } from "@/features/secrets/secrets-panel";
import { TokensSection } from "@/features/secrets/tokens-section";
import { appsQuery } from "./api";
import { useAppDialogs } from "./app-dialogs";

function Section({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`grid min-w-0 grid-cols-1 gap-3 rounded-lg border border-white/10 bg-slate-900/60 p-4 sm:p-5 ${className ?? ""}`}
    >
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /apps/{appId}: the app's own page. Its title is the heading; then its description and dates, its
 * environment variables (the same panel as the dialog), service tokens, history, and at the end a
 * danger zone with the delete action. Live updates refresh all of it through the query cache.
 */
export function AppPage({ appId }: { appId: string }) {
  const { t, i18n } = useLingui();
  const apps = useQuery(appsQuery());
  const dialogs = useAppDialogs();
  const app = apps.data?.find((a) => a.id === appId);

  if (!app) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4 p-4 md:p-8">
        <QueryState query={apps}>
          {() => (
            <>
              <h1 className="text-2xl font-semibold text-white">{t`App not found`}</h1>
              <p className="text-slate-300">{t`It may have been deleted, or it belongs to another account.`}</p>
              <Link to="/" className="text-indigo-300 underline-offset-4 hover:underline">
                {t`Back to your apps`}
              </Link>
            </>
          )}
        </QueryState>
      </div>
    );
  }

  const created = app.createdAt.toLocaleString(i18n.locale, { dateStyle: "medium", timeStyle: "short" });
  const updated = app.updatedAt.toLocaleString(i18n.locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 grid-cols-1 gap-6 p-4 md:p-8">
      <header className="grid min-w-0 gap-2">
        <h1 className="text-2xl font-semibold break-words text-white">{app.title}</h1>
        {app.description ? (
          <p className="whitespace-pre-wrap break-words text-slate-300">{app.description}</p>
        ) : (
          <p className="text-slate-400 italic">{t`No description`}</p>
        )}
        <p className="text-sm text-slate-400">
          <span>{t`Created ${created}`}</span>
          <span aria-hidden="true"> · </span>
          <span>{t`Updated ${updated}`}</span>
        </p>
      </header>
      <Section id="app-secrets" title={t`Environment Variables`}>
        <SecretsPanel appId={app.id} />
      </Section>
      <Section id="app-tokens" title={t`Service tokens`}>
        <TokensSection appId={app.id} />
      </Section>
      <Section id="app-history" title={t`History`}>
        <HistorySection appId={app.id} />
      </Section>
      <Section id="app-danger" title={t`Danger zone`} className="border-red-500/30">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-prose text-sm text-slate-300">
            {t`Deleting the app removes its environment variables and ends its service tokens. This cannot be undone.`}
          </p>
          <Button
            variant="outline"
            className="border-red-400/50 text-red-200 hover:bg-red-500/10"
            disabled={app.isBusy}
            onClick={() => dialogs.openDelete(app)}
          >
            {app.isBusy ? <Spinner /> : <Trash2 aria-hidden="true" />}
            {t`Delete App`}
          </Button>
        </div>
      </Section>
    </div>
  );
}
