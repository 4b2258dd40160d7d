import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Eye, EyeOff, RotateCcw } from "lucide-react";
import { useState } from "react";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { revealVersion, type SecretVersion, useRestoreVersion, versionsQuery } from "./api";
import { formatDateTime } from "./format-date";

interface SecretVersionsDialogProps {
  appId: string;
  /** The key whose history shows; null: closed. */
  secretKey: string | null;
  environment?: string;
  /** The environment's name, for the description. */
  environmentName?: string;
  /** A viewer sees who changed the key when, nothing to reveal or restore. */
  keysOnly: boolean;
  /** Offline: nothing can be revealed or restored. */
  readOnly: boolean;
  onClose(): void;
}

/**
 * A key's kept versions in one environment (version, who, when, through what). A developer reveals
 * an old value (the server records it) and restores one, which writes it as a new version.
 */
export function SecretVersionsDialog(props: SecretVersionsDialogProps) {
  const { t } = useLingui();
  const { secretKey, environmentName, onClose } = props;
  const key = secretKey ?? "";
  return (
    <Dialog open={secretKey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t`Close`} wide>
        <DialogHeader>
          <DialogTitle>{t`History of ${key}`}</DialogTitle>
          <DialogDescription>
            {environmentName ? t`Versions kept in ${environmentName}` : t`Versions kept of this key`}
          </DialogDescription>
        </DialogHeader>
        {secretKey !== null && <VersionList {...props} secretKey={secretKey} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t`Close`}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function VersionList({
  appId,
  secretKey,
  environment,
  keysOnly,
  readOnly,
}: SecretVersionsDialogProps & { secretKey: string }) {
  const { t, i18n } = useLingui();
  const versions = useQuery(versionsQuery(appId, secretKey, environment));
  const restore = useRestoreVersion(appId, secretKey, environment);
  // Revealed old values live in this dialog only and go when it closes.
  const [values, setValues] = useState<Record<number, string>>({});
  const [revealing, setRevealing] = useState<number | null>(null);

  async function toggleReveal(version: number) {
    if (values[version] !== undefined) {
      const { [version]: _, ...rest } = values;
      return setValues(rest);
    }
    setRevealing(version);
    try {
      const answer = await revealVersion(appId, secretKey, version, environment);
      setValues((current) => ({ ...current, [version]: answer.decryptedValue }));
    } catch (e) {
      notify.error(errorText(i18n, e));
    } finally {
      setRevealing(null);
    }
  }

  async function onRestore(version: number) {
    try {
      const made = await restore.mutateAsync(version);
      const madeVersion = made.version;
      notify.success(t`Version ${version} restored as version ${madeVersion}`);
    } catch (e) {
      notify.error(errorText(i18n, e));
    }
  }

  return (
    <QueryState query={versions} small loadingLabel={t`Loading versions...`} isEmpty={() => false}>
      {(list) => (
        <ul className="grid max-h-[60vh] grid-cols-1 gap-2 overflow-auto" aria-label={t`Versions`}>
          {list.map((v) => {
            const number = v.version;
            const value = values[number];
            return (
              <li key={number} className="grid gap-1 rounded-md border border-white/10 bg-white/5 px-3 py-2">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-mono text-sm text-slate-100">{t`Version ${number}`}</span>
                  {v.current && (
                    <span className="rounded bg-indigo-500/20 px-1.5 text-xs text-indigo-100">{t`current`}</span>
                  )}
                  {v.deleted && <span className="rounded bg-red-500/20 px-1.5 text-xs text-red-100">{t`deleted`}</span>}
                </div>
                <p className="text-xs break-words text-slate-300">
                  <ActorText version={v} /> · {formatDateTime(i18n.locale, v.createdAt)} · <ViaText via={v.via} />
                </p>
                {value !== undefined && (
                  <span
                    className="max-h-40 overflow-auto font-mono text-xs break-all whitespace-pre-wrap text-slate-200"
                    data-testid="version-value"
                  >
                    {value}
                  </span>
                )}
                {!keysOnly && !v.deleted && (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-pressed={value !== undefined}
                      aria-label={value !== undefined ? t`Hide version ${number}` : t`Reveal version ${number}`}
                      disabled={readOnly || revealing === number}
                      onClick={() => void toggleReveal(number)}
                    >
                      {revealing === number ? (
                        <Spinner />
                      ) : value !== undefined ? (
                        <EyeOff aria-hidden="true" />
                      ) : (
                        <Eye aria-hidden="true" />
                      )}
                      {value !== undefined ? t`Hide` : t`Reveal`}
                    </Button>
                    {!v.current && (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t`Restore version ${number}`}
                        disabled={readOnly || restore.isPending}
                        onClick={() => void onRestore(number)}
                      >
                        {restore.isPending && restore.variables === number ? (
                          <Spinner />
                        ) : (
                          <RotateCcw aria-hidden="true" />
                        )}
                        {t`Restore`}
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}

function ActorText({ version }: { version: SecretVersion }) {
  const { t } = useLingui();
  const label = version.actor.label;
  if (version.actor.kind === "system") return <>{t`System`}</>;
  if (version.actor.kind === "token") return <>{label ? t`Token ${label}` : t`A service token`}</>;
  return <>{label ?? t`A user`}</>;
}

function ViaText({ via }: { via: SecretVersion["via"] }) {
  const { t } = useLingui();
  const texts: Record<SecretVersion["via"], string> = {
    browser: t`via browser`,
    import: t`via import`,
    token: t`via token`,
    rollback: t`via rollback`,
    copy: t`copied from another environment`,
    migration: t`via upgrade`,
  };
  return <>{texts[via]}</>;
}
