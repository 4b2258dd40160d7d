import type { ResourceOwner } from "@contract/teams";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Download, Eye, EyeOff, FileUp, Link2, Plus, WifiOff } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useOnline } from "@/hooks/use-online";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { useRoleOn } from "@/lib/workspace/use-workspace";
import { atLeast } from "@/lib/workspace/workspace";
import { AddEnvVarForm } from "./add-env-var-form";
import { downloadDotenv, environmentsQuery, secretsQuery, useRevealAll } from "./api";
import { CompareEnvironmentsDialog } from "./compare-environments-dialog";
import { EnvVarRow } from "./env-var-row";
import { chosenEnvironment, EnvironmentSwitch } from "./environment-switch";
import { ImportDialog } from "./import-dialog";
import { ManageEnvironmentsDialog } from "./manage-environments-dialog";
import { RollbackEnvironmentDialog } from "./rollback-environment-dialog";
import { SecretVersionsDialog } from "./secret-versions-dialog";
import { useResolvedValues } from "./use-resolved-values";

/**
 * An app's environment variables: masked list, reveal (one, or all at once, which is recorded),
 * edit one row at a time, delete, add, import and download a .env. Offline it says that secrets
 * are never kept on the device and changes wait; it is the body of the dialog and of the app page.
 */
export function SecretsPanel({
  appId,
  owner,
  appTitle,
  environment: askedEnvironment,
  onEnvironmentChange,
}: {
  appId: string;
  owner?: ResourceOwner;
  appTitle: string;
  /** The environment shown, kept by the caller (the app page: in the URL); absent, kept here. */
  environment?: string;
  onEnvironmentChange?(slug: string): void;
}) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [ownEnvironment, setOwnEnvironment] = useState<string | undefined>(undefined);
  const environments = useQuery(environmentsQuery(appId));
  const asked = onEnvironmentChange ? askedEnvironment : ownEnvironment;
  const current = environments.data ? chosenEnvironment(environments.data, asked) : undefined;
  // Until the environments are known, the list is the one asked for (or the server's default).
  const environment = current?.slug ?? asked;
  // The list waits for the environments (a stale slug in a link must not reach the server); if they
  // cannot be read, the list asked for still shows (the server answers for an unknown one).
  const secrets = useQuery({
    ...secretsQuery(appId, environment),
    enabled: environments.data !== undefined || environments.isError,
  });
  const revealAll = useRevealAll(appId, environment);
  const [showAll, setShowAll] = useState(false);
  // Resolved values live in the hook's state only (never in a cache that may be persisted).
  const { resolution, resolve } = useResolvedValues(appId, environment, secrets.data);
  const [showResolved, setShowResolved] = useState(false);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [managing, setManaging] = useState(false);
  const [rollingBack, setRollingBack] = useState(false);
  const [comparing, setComparing] = useState(false);

  // A team's viewer sees the keys only (the server sends no values): nothing to reveal or change.
  // Until the role is known the controls stay; the server refuses what the role may not do.
  const role = useRoleOn(owner);
  const keysOnly = role !== null && !atLeast(role, "developer");
  const readOnly = !online || keysOnly;
  // Environments are changed by a developer or more and deleted by an admin (the server's rules);
  // unlike the value controls these wait until the role is known.
  const mayChangeEnvironments = atLeast(role, "developer");
  const mayDeleteEnvironments = atLeast(role, "admin");

  function switchTo(slug: string) {
    // Values revealed in one environment stay hidden in the next; edits do not carry over.
    setShowAll(false);
    setShowResolved(false);
    setEditingKey(null);
    setAdding(false);
    if (onEnvironmentChange) onEnvironmentChange(slug);
    else setOwnEnvironment(slug);
  }
  const list = secrets.data ?? [];

  async function toggleShowAll() {
    if (showAll) return setShowAll(false);
    try {
      await revealAll.mutateAsync();
      setShowAll(true);
    } catch (e) {
      notify.error(errorText(i18n, e));
    }
  }

  // The rows ask for the resolved values once one of them is revealed (the read is recorded, so
  // not before a value is shown); turning the toggle on again after a refusal asks again.
  function toggleShowResolved() {
    if (showResolved) return setShowResolved(false);
    setShowResolved(true);
    if (resolution.status === "error") void resolve();
  }

  async function download() {
    setDownloading(true);
    try {
      await downloadDotenv(appId, appTitle, environment);
    } catch (e) {
      notify.error(errorText(i18n, e));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      {!online && (
        <p
          role="status"
          data-testid="secrets-offline"
          className="flex items-start gap-2 rounded-md border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t`Secrets are not available offline: they are never stored on this device. Changes are disabled until you are back online.`}
        </p>
      )}
      {keysOnly && (
        <p className="text-sm text-slate-300">
          {t`As a viewer you see the keys only. Values, changes and the .env file need the developer role.`}
        </p>
      )}
      {environments.data && environments.data.length > 0 && environment && (
        <EnvironmentSwitch
          appId={appId}
          environments={environments.data}
          value={environment}
          onChange={switchTo}
          onManage={mayChangeEnvironments ? () => setManaging(true) : undefined}
          onRollback={mayChangeEnvironments ? () => setRollingBack(true) : undefined}
          // Which values are equal is knowledge of the values: for those who may read them.
          onCompare={mayChangeEnvironments ? () => setComparing(true) : undefined}
          disabled={!online}
        />
      )}
      <div className="flex flex-wrap gap-2" hidden={keysOnly}>
        {/* The form belongs to an environment (it starts anew in another): opened only once it is known,
            or what was typed into it would be dropped when the environments arrive. */}
        <Button
          variant="outline"
          size="sm"
          disabled={readOnly || adding || (current === undefined && !environments.isError)}
          onClick={() => setAdding(true)}
        >
          <Plus aria-hidden="true" />
          {t`Add New`}
        </Button>
        <Button variant="outline" size="sm" disabled={readOnly} onClick={() => setImporting(true)}>
          <FileUp aria-hidden="true" />
          {t`Import .env`}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={readOnly || list.length === 0 || downloading}
          onClick={() => void download()}
        >
          {downloading ? <Spinner /> : <Download aria-hidden="true" />}
          {t`Download .env`}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={showAll}
          disabled={list.length === 0 || revealAll.isPending || (readOnly && !showAll)}
          onClick={() => void toggleShowAll()}
        >
          {revealAll.isPending ? <Spinner /> : showAll ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {showAll ? t`Hide all values` : t`Show all values`}
        </Button>
        {!keysOnly && (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={showResolved}
            disabled={list.length === 0 || (readOnly && !showResolved)}
            onClick={toggleShowResolved}
            title={t`Revealed values show what programs get, with their references filled in.`}
          >
            {showResolved && resolution.status === "pending" ? <Spinner /> : <Link2 aria-hidden="true" />}
            {t`Show resolved values`}
          </Button>
        )}
      </div>
      {showResolved && resolution.status === "error" && (
        <p role="alert" className="text-sm text-red-300" data-testid="resolve-error">
          {errorText(i18n, resolution.error)}
        </p>
      )}
      {adding && (
        <AddEnvVarForm
          key={environment}
          appId={appId}
          environment={environment}
          existingKeys={list.map((s) => s.key)}
          disabled={readOnly}
          onDone={() => setAdding(false)}
        />
      )}
      {secrets.data ? (
        list.length ? (
          <ul className="grid grid-cols-1 gap-2" aria-label={t`Environment Variables`}>
            {list.map((secret) => (
              <EnvVarRow
                key={`${environment}:${secret.key}`}
                appId={appId}
                environment={environment}
                secret={secret}
                editing={editingKey === secret.key}
                revealAll={showAll}
                readOnly={readOnly}
                keysOnly={keysOnly}
                onEdit={() => setEditingKey(secret.key)}
                onDoneEditing={() => setEditingKey(null)}
                onHistory={() => setHistoryOf(secret.key)}
                resolution={resolution}
                onResolve={() => void resolve()}
                showResolved={showResolved}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-300">{t`No environment variables found`}</p>
        )
      ) : !online ? null : secrets.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {errorText(i18n, secrets.error)}
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-300">
          <Spinner />
          {t`Loading environment variables...`}
        </p>
      )}
      {environments.data && (
        <ManageEnvironmentsDialog
          appId={appId}
          environments={environments.data}
          open={managing}
          onOpenChange={setManaging}
          mayDelete={mayDeleteEnvironments}
          readOnly={!online}
          onSlugChanged={(from, to) => from === environment && switchTo(to)}
          onDeleted={(slug) => {
            // The page leaves a deleted environment for the one it would fall back to, so the URL
            // does not keep a slug that a new environment could take later.
            const next = chosenEnvironment(environments.data?.filter((e) => e.slug !== slug) ?? [], undefined);
            if (slug === environment && next) switchTo(next.slug);
          }}
        />
      )}
      <CompareEnvironmentsDialog appId={appId} open={comparing} readOnly={!online} onOpenChange={setComparing} />
      <RollbackEnvironmentDialog
        appId={appId}
        environment={rollingBack && current ? { slug: current.slug, name: current.name } : null}
        readOnly={!online}
        onClose={() => setRollingBack(false)}
      />
      <ImportDialog appId={appId} environment={environment} open={importing} onOpenChange={setImporting} />
      <SecretVersionsDialog
        appId={appId}
        secretKey={historyOf}
        environment={environment}
        environmentName={current?.name}
        keysOnly={keysOnly}
        readOnly={!online}
        onClose={() => setHistoryOf(null)}
      />
    </div>
  );
}
