import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { AccountSection } from "@/components/account-section";
import { FormError } from "@/components/auth-card";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import type { SdkApiKey } from "@/lib/teams-sdk";

const DAY_MS = 86_400_000;

/** The lifetimes offered at creation, in days; "never" keeps the key until it is revoked. */
const EXPIRY_CHOICES: { value: string; label: MessageDescriptor }[] = [
  { value: "never", label: msg`Never` },
  { value: "1", label: msg`1 day` },
  { value: "7", label: msg`7 days` },
  { value: "30", label: msg`30 days` },
  { value: "90", label: msg`90 days` },
  { value: "365", label: msg`1 year` },
];

/** Whose keys a section shows: the signed-in user's, or a team's. */
export interface ApiKeyOwner {
  /** The Query key of the list, under the account root (never persisted offline). */
  queryKey: readonly unknown[];
  list(): Promise<SdkApiKey[]>;
  create(options: { description: string; expiresAt: Date | null }): Promise<{ value: string }>;
}

/**
 * API keys of a user or a team: the list (description, last four characters, created, expires,
 * status), creation with the whole key shown only once, and revocation.
 */
export function ApiKeysSection({ id, title, owner }: { id: string; title: string; owner: ApiKeyOwner }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const keys = useQuery({ queryKey: owner.queryKey, queryFn: () => owner.list() });
  const [newKey, setNewKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<SdkApiKey | null>(null);
  const date = (d: Date) => i18n.date(d, { dateStyle: "medium", timeStyle: "short" });
  const refresh = () => queryClient.invalidateQueries({ queryKey: owner.queryKey });
  const keyName = (key: SdkApiKey) => {
    const lastFour = key.value.lastFour;
    return key.description || t`Ending in ${lastFour}`;
  };

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expiry = String(form.get("expiry") ?? "never");
    setError(null);
    setBusy(true);
    try {
      const key = await owner.create({
        description: String(form.get("description") ?? "").trim(),
        expiresAt: expiry === "never" ? null : new Date(Date.now() + Number(expiry) * DAY_MS),
      });
      setNewKey(key.value);
      formRef.current?.reset();
      await refresh();
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: SdkApiKey) {
    setRevoking(null);
    try {
      await key.revoke();
      await refresh();
      notify.success(t`API key revoked`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    }
  }

  const revokingName = revoking ? keyName(revoking) : "";

  return (
    <AccountSection id={id} title={title}>
      {newKey && (
        <div
          role="status"
          className="grid gap-2 rounded-md border border-emerald-400/40 bg-emerald-950/40 p-3"
          aria-labelledby={`${id}-created`}
        >
          <p id={`${id}-created`} className="text-sm font-medium text-emerald-100">
            {t`Your new API key`}
          </p>
          <p className="text-sm text-slate-200">
            {t`Copy it now and keep it somewhere safe: it will not be shown again.`}
          </p>
          <div className="flex items-center gap-2">
            <code
              data-testid="new-api-key"
              className="min-w-0 flex-1 break-all rounded bg-black/30 px-2 py-1 font-mono text-xs text-slate-100"
            >
              {newKey}
            </code>
            <CopyButton value={newKey} label={t`Copy the API key`} />
          </div>
          <div>
            <Button variant="outline" size="sm" onClick={() => setNewKey(null)}>
              {t`Done`}
            </Button>
          </div>
        </div>
      )}
      {keys.isPending && <Spinner />}
      {keys.isError && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, keys.error, msg`An error occurred`)}
        </p>
      )}
      {keys.data?.length === 0 && <p className="text-sm text-slate-300">{t`No API keys yet.`}</p>}
      {keys.data && keys.data.length > 0 && (
        <ul className="grid gap-1" aria-label={t`API keys`}>
          {keys.data.map((key) => {
            const reason = key.whyInvalid();
            const name = keyName(key);
            const created = date(key.createdAt);
            const expires = key.expiresAt ? date(key.expiresAt) : null;
            const expiry = !expires
              ? t`Does not expire`
              : reason === "expired"
                ? t`Expired ${expires}`
                : t`Expires ${expires}`;
            return (
              <li
                key={key.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-black/20 px-3 py-1.5 text-sm"
              >
                <span className="grid gap-0.5">
                  <span className="text-slate-100">
                    {key.description || <span className="text-slate-400">{t`No description`}</span>}
                    <span className="ml-2 font-mono text-xs text-slate-300">…{key.value.lastFour}</span>
                    <span className={reason === null ? "ml-2 text-xs text-emerald-200" : "ml-2 text-xs text-amber-200"}>
                      {reason === null ? t`valid` : reason === "expired" ? t`expired` : t`revoked`}
                    </span>
                  </span>
                  <span className="text-xs text-slate-400">
                    {t`Created ${created}`} · {expiry}
                  </span>
                </span>
                {reason === null && (
                  <Button variant="outline" size="sm" onClick={() => setRevoking(key)}>
                    {t`Revoke`}
                    <span className="sr-only"> {name}</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <form ref={formRef} className="flex flex-wrap items-end gap-2" onSubmit={(e) => void onCreate(e)}>
        <div className="grid min-w-48 flex-1 gap-1">
          <Label htmlFor={`${id}-description`}>{t`Description`}</Label>
          <Input id={`${id}-description`} name="description" required maxLength={1000} autoComplete="off" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-expiry`}>{t`Expires`}</Label>
          <select
            id={`${id}-expiry`}
            name="expiry"
            defaultValue="90"
            className="h-9 rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-300/60"
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {i18n._(choice.label)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {t`Create API key`}
        </Button>
      </form>
      <FormError message={error} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t`Revoke API key`}
        description={t`Revoke "${revokingName}"? Anything that uses it stops working at once. This cannot be undone.`}
        confirmLabel={t`Revoke`}
        onConfirm={() => revoking && void revoke(revoking)}
      />
    </AccountSection>
  );
}
