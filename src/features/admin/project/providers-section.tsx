import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { BUILT_IN_PROVIDERS } from "@/lib/social-providers";
import { type AdminProject, type OAuthProviderConfig, useUpdateProject } from "./project-api";

/** The providers this console's sign-in page offers. */
const KNOWN_PROVIDERS = BUILT_IN_PROVIDERS;

/**
 * Social sign-in: each provider off, on with the instance's shared credentials, or on with the
 * project's own OAuth client. A stored client secret comes back masked and is kept unless replaced.
 */
export function ProvidersSection({ project }: { project: AdminProject }) {
  const { t, i18n } = useLingui();
  const update = useUpdateProject();
  const [error, setError] = useState<string | null>(null);
  const stored = new Map(project.config.oauth_providers.map((p) => [p.id, p]));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const providers: OAuthProviderConfig[] = [];
    for (const { id } of KNOWN_PROVIDERS) {
      const mode = String(form.get(`${id}-mode`));
      if (mode === "off") continue;
      if (mode === "shared") {
        providers.push({ id, type: "shared" });
        continue;
      }
      const secret = String(form.get(`${id}-secret`) ?? "");
      const extra = String(form.get(`${id}-extra`) ?? "").trim();
      providers.push({
        id,
        type: "standard",
        client_id: String(form.get(`${id}-client-id`) ?? "").trim(),
        // Left out: the server keeps the stored secret.
        ...(secret ? { client_secret: secret } : {}),
        ...(extra && id === "microsoft" ? { microsoft_tenant_id: extra } : {}),
        ...(extra && id === "facebook" ? { facebook_config_id: extra } : {}),
      });
    }
    // Providers this page does not show stay as they are (their masked secret keeps the stored one).
    const shown = new Set<string>(KNOWN_PROVIDERS.map((p) => p.id));
    providers.push(...project.config.oauth_providers.filter((p) => !shown.has(p.id)));
    setError(null);
    try {
      await update.mutateAsync({ config: { oauth_providers: providers } });
      notify.success(t`Providers saved`);
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    }
  }

  return (
    <form
      className="grid gap-4 rounded-lg border border-white/10 bg-white/5 p-4"
      aria-labelledby="oauth-providers"
      onSubmit={(e) => void onSubmit(e)}
    >
      <h3 id="oauth-providers" className="font-medium text-white">
        {t`Social sign-in`}
      </h3>
      {KNOWN_PROVIDERS.map(({ id, name }) => (
        <ProviderFields key={`${id}:${stored.get(id)?.type ?? "off"}`} id={id} name={name} stored={stored.get(id)} />
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          {t`Save providers`}
        </Button>
      </div>
    </form>
  );
}

function ProviderFields({ id, name, stored }: { id: string; name: string; stored?: OAuthProviderConfig }) {
  const { t } = useLingui();
  const [mode, setMode] = useState(stored ? stored.type : "off");
  // Microsoft's and Facebook's own clients take one setting more (Stack's microsoft_tenant_id, facebook_config_id).
  const extra =
    id === "microsoft"
      ? {
          label: t`Tenant (Entra ID)`,
          hint: t`Empty: personal Microsoft accounts.`,
          value: stored?.microsoft_tenant_id,
        }
      : id === "facebook"
        ? {
            label: t`Login configuration ID`,
            hint: t`Optional, for Facebook Login for Business.`,
            value: stored?.facebook_config_id,
          }
        : null;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-100">{name}</legend>
      <div className="flex flex-wrap gap-4 text-sm text-slate-200">
        {(
          [
            ["off", t`Off`],
            ["shared", t`Shared credentials`],
            ["standard", t`Own OAuth client`],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="accent-indigo-400"
            />
            {label}
          </label>
        ))}
      </div>
      {mode === "standard" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-client-id`}>{t`Client ID`}</Label>
            <Input
              id={`${id}-client-id`}
              name={`${id}-client-id`}
              required
              defaultValue={stored?.client_id ?? ""}
              autoComplete="off"
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-secret`}>{t`Client secret`}</Label>
            <Input
              id={`${id}-secret`}
              name={`${id}-secret`}
              type="password"
              autoComplete="new-password"
              required={stored?.type !== "standard"}
              placeholder={stored?.type === "standard" ? t`Unchanged` : ""}
            />
          </div>
          {extra && (
            <div className="grid gap-1">
              <Label htmlFor={`${id}-extra`}>{extra.label}</Label>
              <Input
                id={`${id}-extra`}
                name={`${id}-extra`}
                defaultValue={extra.value ?? ""}
                autoComplete="off"
                aria-describedby={`${id}-extra-hint`}
              />
              <p id={`${id}-extra-hint`} className="text-xs text-slate-400">
                {extra.hint}
              </p>
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
