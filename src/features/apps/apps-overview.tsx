import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { KeyRound, Plus, Trash2 } from "lucide-react";
import { AnimatedText } from "@/components/animated-text";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { appsQuery } from "./api";
import { useAppDialogs } from "./app-dialogs";
import type { App } from "./types";

/** Home and /apps/{appId}: the user's apps, and the selected one's details and actions. */
export function AppsOverview({ selectedAppId }: { selectedAppId?: string }) {
  const { t } = useLingui();
  const apps = useQuery(appsQuery());
  const dialogs = useAppDialogs();
  const selected = selectedAppId ? apps.data?.find((app) => app.id === selectedAppId) : undefined;

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 p-4 md:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-white">
          <AnimatedText text={t`Your Apps`} />
        </h1>
        <Button onClick={dialogs.openCreate}>
          <Plus aria-hidden="true" />
          {t`Create App`}
        </Button>
      </div>
      {selectedAppId &&
        (selected ? (
          <AppDetails app={selected} />
        ) : apps.isPending ? null : (
          <p role="alert" className="rounded-md border border-white/10 bg-white/5 p-4 text-slate-200">
            {t`App not found`}
          </p>
        ))}
      {apps.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-300">
          <Spinner />
          {t`Loading...`}
        </p>
      ) : apps.isError ? (
        <p role="alert" className="text-red-300">
          {apps.error.message}
        </p>
      ) : apps.data.length === 0 ? (
        <p className="text-slate-300">{t`You have no apps yet. Create your first one.`}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {apps.data.map((app) => (
            <li key={app.id}>
              <Link
                to="/apps/$appId"
                params={{ appId: app.id }}
                className={cn(
                  "block h-full rounded-lg border border-white/10 bg-white/5 p-4 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-indigo-300",
                  app.id === selectedAppId && "border-indigo-300/60 bg-white/10",
                )}
              >
                <span className="block font-medium text-white">{app.title}</span>
                {app.description && (
                  <span className="mt-1 line-clamp-2 block text-sm text-slate-300">{app.description}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AppDetails({ app }: { app: App }) {
  const { t, i18n } = useLingui();
  const dialogs = useAppDialogs();
  const created = app.createdAt.toLocaleString(i18n.locale);
  return (
    <section
      aria-labelledby="app-details-title"
      className="grid gap-4 rounded-lg border border-white/10 bg-slate-900/60 p-5"
    >
      <div className="grid gap-1">
        <h2 id="app-details-title" className="text-xl font-semibold text-white">
          {app.title}
        </h2>
        {app.description && <p className="text-slate-300">{app.description}</p>}
        <p className="text-sm text-slate-400">{t`Created ${created}`}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => dialogs.openEnvVars(app)}>
          <KeyRound aria-hidden="true" />
          {t`Environment Variables`}
        </Button>
        <Button variant="destructive" disabled={app.isBusy} onClick={() => dialogs.openDelete(app)}>
          {app.isBusy ? <Spinner /> : <Trash2 aria-hidden="true" />}
          {t`Delete App`}
        </Button>
      </div>
    </section>
  );
}
