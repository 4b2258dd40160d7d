import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FieldError } from "@/components/field-error";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useOnline } from "@/hooks/use-online";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type CreatedServiceToken, type ServiceToken, tokensQuery, useCreateToken, useRevokeToken } from "./api";
import { CopyableCommand, cliCommand, shellWord } from "./cli-command";
import { formatDate, formatDateTime } from "./format-date";

const EXPIRY_DAYS = ["never", "7", "30", "90", "365"] as const;
type Expiry = (typeof EXPIRY_DAYS)[number];

function CreateTokenForm({
  appId,
  onCreated,
  onCancel,
}: {
  appId: string;
  onCreated(token: CreatedServiceToken): void;
  onCancel(): void;
}) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<Expiry>("90");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateToken(appId);
  const labels: Record<Expiry, string> = {
    never: t`No expiry`,
    "7": t`7 days`,
    "30": t`30 days`,
    "90": t`90 days`,
    "365": t`1 year`,
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === "") return;
    setError(null);
    try {
      const expiresAt = expiry === "never" ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
      onCreated(await create.mutateAsync({ name: name.trim(), expiresAt }));
    } catch (e) {
      setError(errorText(i18n, e));
    }
  }

  return (
    <form
      className="grid gap-3 rounded-md border border-white/10 bg-white/5 p-3"
      onSubmit={(e) => void onSubmit(e)}
      aria-label={t`New token`}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={`token-name-${appId}`}>{t`Name`}</Label>
          <Input
            id={`token-name-${appId}`}
            value={name}
            maxLength={100}
            placeholder={t`e.g. production deploy`}
            onChange={(e) => setName(e.target.value)}
            required
            autoFocus
            autoComplete="off"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`token-expiry-${appId}`}>{t`Expires`}</Label>
          <select
            id={`token-expiry-${appId}`}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as Expiry)}
            className="h-9 rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-300/60"
          >
            {EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {labels[days]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError message={error} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t`Cancel`}
        </Button>
        <Button type="submit" size="sm" disabled={name.trim() === "" || create.isPending}>
          {create.isPending && <Spinner />}
          {t`Create token`}
        </Button>
      </div>
    </form>
  );
}

/** The new token, shown once, with how to use it. */
function TokenCreatedDialog({
  appId,
  token,
  onClose,
}: {
  appId: string;
  token: CreatedServiceToken | null;
  onClose(): void;
}) {
  const { t } = useLingui();
  // With the new token in it, the line runs as it is copied.
  const command = token ? `CONSOLE_TOKEN=${shellWord(token.token)} ${cliCommand("pull", appId)}` : "";
  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t`Close`} wide>
        <DialogHeader>
          <DialogTitle>{t`Copy your token now`}</DialogTitle>
          <DialogDescription>
            {t`This is the only time the token is shown. Store it where the program that needs it can read it, e.g. as CONSOLE_TOKEN.`}
          </DialogDescription>
        </DialogHeader>
        {token && (
          <div className="grid min-w-0 grid-cols-1 gap-3">
            <div className="flex min-w-0 items-center gap-2">
              <code
                data-testid="new-token"
                className="min-w-0 flex-1 rounded-md border border-white/15 bg-black/30 p-2 font-mono text-xs break-all text-slate-100"
              >
                {token.token}
              </code>
              <CopyButton value={token.token} label={t`Copy token`} />
            </div>
            <p className="text-sm text-slate-300">{t`Read-only access to this app's secrets, for example:`}</p>
            <CopyableCommand command={command} label={t`Copy command`} testId="token-command" />
          </div>
        )}
        <DialogFooter>
          <Button onClick={onClose}>{t`Done`}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function TokenRow({ appId, token, readOnly }: { appId: string; token: ServiceToken; readOnly: boolean }) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeToken(appId);
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  const name = token.name;
  const created = formatDate(i18n.locale, token.createdAt);
  const lastUsed = token.lastUsedAt ? formatDateTime(i18n.locale, token.lastUsedAt) : t`never`;
  const expires = token.expiresAt ? formatDate(i18n.locale, token.expiresAt) : t`never`;

  async function onRevoke() {
    try {
      await revoke.mutateAsync(token.id);
      notify.success(t`Token ${name} revoked`);
    } catch (e) {
      notify.error(errorText(i18n, e));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-white/10 bg-white/5 px-3 py-2">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex min-w-0 items-center gap-2 text-sm text-slate-100">
          <span className="[overflow-wrap:anywhere]">{name}</span>
          <span className="font-mono text-xs text-slate-400">…{token.lastFour}</span>
          {expired && (
            <span className="rounded border border-red-400/50 px-1.5 text-xs text-red-200">{t`Expired`}</span>
          )}
        </span>
        <span className="text-xs text-slate-400">
          {t`Created ${created} · last used ${lastUsed} · expires ${expires}`}
        </span>
      </div>
      <Button variant="outline" size="sm" disabled={readOnly || revoke.isPending} onClick={() => setConfirming(true)}>
        {t`Revoke`}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Revoke token?`}
        description={t`Programs that use "${name}" lose access to the secrets at once. This cannot be undone.`}
        confirmLabel={t`Revoke`}
        pending={revoke.isPending}
        onConfirm={() => void onRevoke()}
      />
    </li>
  );
}

/** Service tokens: read-only machine access to this app's secrets, for the command line and CI. */
export function TokensSection({ appId }: { appId: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const tokens = useQuery(tokensQuery(appId));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedServiceToken | null>(null);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <p className="text-sm text-slate-300">
        {t`A service token lets a program read this app's secrets, and nothing else. With one in CONSOLE_TOKEN (or after app-console login), this starts a program with the secrets in its environment:`}
      </p>
      <CopyableCommand command={cliCommand("run", appId)} label={t`Copy command`} testId="run-command" />
      <div>
        <Button variant="outline" size="sm" disabled={!online || creating} onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t`New token`}
        </Button>
      </div>
      {creating && (
        <CreateTokenForm
          appId={appId}
          onCancel={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      <QueryState
        query={tokens}
        small
        // Offline nothing will come: no spinner that never stops.
        loading={online ? undefined : null}
        empty={
          <p className="flex items-center gap-2 text-sm text-slate-300">
            <KeyRound aria-hidden="true" className="size-4" />
            {t`No service tokens yet.`}
          </p>
        }
      >
        {(data) => (
          <ul className="grid grid-cols-1 gap-2" aria-label={t`Service tokens`}>
            {data.map((token) => (
              <TokenRow key={token.id} appId={appId} token={token} readOnly={!online} />
            ))}
          </ul>
        )}
      </QueryState>
      <TokenCreatedDialog appId={appId} token={created} onClose={() => setCreated(null)} />
    </div>
  );
}
