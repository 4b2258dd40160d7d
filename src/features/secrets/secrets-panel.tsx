import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Download, Eye, EyeOff, FileUp, Plus, WifiOff } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useOnline } from "@/hooks/use-online";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { AddEnvVarForm } from "./add-env-var-form";
import { downloadDotenv, secretsQuery, useRevealAll } from "./api";
import { EnvVarRow } from "./env-var-row";
import { ImportDialog } from "./import-dialog";

/**
 * An app's environment variables: masked list, reveal (one, or all at once, which is recorded),
 * edit one row at a time, delete, add, import and download a .env. Offline it says that secrets
 * are never kept on the device and changes wait; it is the body of the dialog and of the app page.
 */
export function SecretsPanel({ appId }: { appId: string }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const secrets = useQuery(secretsQuery(appId));
  const revealAll = useRevealAll(appId);
  const [showAll, setShowAll] = useState(false);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const readOnly = !online;
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

  async function download() {
    setDownloading(true);
    try {
      await downloadDotenv(appId);
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
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={readOnly || adding} onClick={() => setAdding(true)}>
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
      </div>
      {adding && (
        <AddEnvVarForm
          appId={appId}
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
                key={secret.key}
                appId={appId}
                secret={secret}
                editing={editingKey === secret.key}
                revealAll={showAll}
                readOnly={readOnly}
                onEdit={() => setEditingKey(secret.key)}
                onDoneEditing={() => setEditingKey(null)}
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
      <ImportDialog appId={appId} open={importing} onOpenChange={setImporting} />
    </div>
  );
}
