import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRightLeft, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { MoveResourceDialog } from "@/components/move-resource-dialog";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Spinner } from "@/components/ui/spinner";
import { HistorySection } from "@/features/secrets/history-section";
import { SecretsPanel } from "@/features/secrets/secrets-panel";
import { TokensSection } from "@/features/secrets/tokens-section";
import { WebhooksSection } from "@/features/secrets/webhooks-section";
import { useRoleName } from "@/lib/workspace/role-names";
import { useFollowOwner, useRoleOn, useWorkspace } from "@/lib/workspace/use-workspace";
import { atLeast } from "@/lib/workspace/workspace";
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
 * environment variables (the same panel as the dialog), service tokens, change webhooks, history, and at the end a
 * danger zone with the delete action. Live updates refresh all of it through the query cache.
 */
export function AppPage({
  appId,
  environment,
  onEnvironmentChange,
}: {
  appId: string;
  /** `?environment=<slug>`: the environment the secrets panel shows. */
  environment?: string;
  onEnvironmentChange(slug: string): void;
}) {
  const { t, i18n } = useLingui();
  const apps = useQuery(appsQuery());
  const dialogs = useAppDialogs();
  const app = apps.data?.find((a) => a.id === appId);
  // A shared link opens in the workspace that owns the app.
  useFollowOwner(app?.owner);
  const role = useRoleOn(app?.owner);
  const roleName = useRoleName();
  const { teams } = useWorkspace();
  const [moving, setMoving] = useState(false);

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

  const mayAdminister = atLeast(role, "admin");
  const teamName = teams?.find((team) => app.owner.type === "team" && team.id === app.owner.id)?.displayName ?? "";
  const roleLabel = role ? roleName(role) : "";
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
        {app.owner.type === "team" && (
          <p className="text-sm text-indigo-200">
            {role ? t`Team ${teamName} · your role: ${roleLabel}` : t`Team ${teamName}`}
          </p>
        )}
        <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-slate-300">
          <span>{t`App ID`}</span>
          <code
            data-testid="app-id"
            className="rounded bg-black/30 px-1.5 py-0.5 font-mono text-xs break-all text-slate-100"
          >
            {app.id}
          </code>
          <CopyButton value={app.id} label={t`Copy app ID`} />
        </div>
        <p className="text-sm text-slate-400">
          <span>{t`Created ${created}`}</span>
          <span aria-hidden="true"> · </span>
          <span>{t`Updated ${updated}`}</span>
        </p>
      </header>
      <Section id="app-secrets" title={t`Environment Variables`}>
        <SecretsPanel
          appId={app.id}
          owner={app.owner}
          appTitle={app.title}
          environment={environment}
          onEnvironmentChange={onEnvironmentChange}
        />
      </Section>
      <Section id="app-tokens" title={t`Service tokens`}>
        <TokensSection appId={app.id} />
      </Section>
      <Section id="app-webhooks" title={t`Webhooks`}>
        <WebhooksSection appId={app.id} role={role} />
      </Section>
      <Section id="app-history" title={t`History`}>
        <HistorySection appId={app.id} />
      </Section>
      <Section id="app-danger" title={t`Danger zone`} className="border-red-500/30">
        {mayAdminister ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="max-w-prose text-sm text-slate-300">
                {t`Moving the app to another workspace hands it, its secrets and its tokens to that workspace's members.`}
              </p>
              <Button variant="outline" disabled={app.isBusy} onClick={() => setMoving(true)}>
                <ArrowRightLeft aria-hidden="true" />
                {t`Move app…`}
              </Button>
            </div>
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
          </>
        ) : (
          <p className="text-sm text-slate-300">{t`Only the team's admins move or delete this app.`}</p>
        )}
      </Section>
      <MoveResourceDialog
        resource={moving ? { kind: "app", id: app.id, name: app.title, owner: app.owner } : null}
        onClose={() => setMoving(false)}
      />
    </div>
  );
}
