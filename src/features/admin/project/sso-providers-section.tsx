import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type AdminProject, type OAuthProviderConfig, useUpdateProject } from "./project-api";

interface Draft {
  /** Stable key for React while the id is being typed. */
  key: string;
  stored: boolean;
  provider: OAuthProviderConfig;
}

const list = (value: FormDataEntryValue | null) =>
  String(value ?? "")
    .split(/[\s,]+/)
    .filter(Boolean);

/**
 * Single sign-on: the project's own OpenID Connect providers (Keycloak, Authentik, Okta, Entra
 * ID, ...), each found by discovery at its issuer. A stored client secret comes back masked and is
 * kept unless replaced. Requiring single sign-on is turning password sign-in off above.
 */
export function SsoProvidersSection({ project }: { project: AdminProject }) {
  const { t, i18n } = useLingui();
  const update = useUpdateProject();
  const [error, setError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    project.config.oauth_providers.filter((p) => p.oidc).map((p) => ({ key: p.id, stored: true, provider: p })),
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const sso: OAuthProviderConfig[] = drafts.map(({ key }) => {
      const secret = String(form.get(`${key}-secret`) ?? "");
      const icon = String(form.get(`${key}-icon`) ?? "").trim();
      return {
        id: String(form.get(`${key}-id`) ?? "").trim(),
        type: "standard",
        client_id: String(form.get(`${key}-client-id`) ?? "").trim(),
        ...(secret ? { client_secret: secret } : {}),
        oidc: {
          issuer: String(form.get(`${key}-issuer`) ?? "").trim(),
          display_name: String(form.get(`${key}-name`) ?? "").trim(),
          ...(icon ? { icon_url: icon } : {}),
          scopes: list(form.get(`${key}-scopes`)),
          email_domains: list(form.get(`${key}-domains`)),
          jit_user_creation: form.get(`${key}-jit`) === "on",
        },
      };
    });
    // The other providers stay as they are (their masked secrets keep the stored ones).
    const others = project.config.oauth_providers.filter((p) => !p.oidc);
    setError(null);
    try {
      const saved = await update.mutateAsync({ config: { oauth_providers: [...others, ...sso] } });
      setDrafts(
        saved.config.oauth_providers.filter((p) => p.oidc).map((p) => ({ key: p.id, stored: true, provider: p })),
      );
      notify.success(t`Single sign-on saved`);
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    }
  }

  function add() {
    const key = `new-${Date.now()}`;
    setDrafts([
      ...drafts,
      {
        key,
        stored: false,
        provider: {
          id: "",
          type: "standard",
          oidc: {
            issuer: "",
            display_name: "",
            scopes: ["openid", "email", "profile"],
            email_domains: [],
            jit_user_creation: true,
          },
        },
      },
    ]);
  }

  return (
    <form
      className="grid gap-4 rounded-lg border border-white/10 bg-white/5 p-4"
      aria-labelledby="sso-providers"
      onSubmit={(e) => void onSubmit(e)}
    >
      <h3 id="sso-providers" className="font-medium text-white">
        {t`Single sign-on (OpenID Connect)`}
      </h3>
      {drafts.length === 0 && (
        <p className="text-sm text-slate-300">{t`No OpenID Connect provider yet. Add your identity provider (Keycloak, Authentik, Okta, Entra ID, ...) by its issuer URL.`}</p>
      )}
      {drafts.map((draft) => (
        <SsoProviderFields
          key={draft.key}
          draft={draft}
          onRemove={() => setDrafts(drafts.filter((d) => d.key !== draft.key))}
        />
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          {t`Add OpenID Connect provider`}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          {t`Save single sign-on`}
        </Button>
      </div>
    </form>
  );
}

function SsoProviderFields({ draft, onRemove }: { draft: Draft; onRemove: () => void }) {
  const { t } = useLingui();
  const { key, provider, stored } = draft;
  const oidc = provider.oidc;
  const [id, setId] = useState(provider.id);
  const callback = `${window.location.origin}/auth/api/v1/auth/oauth/callback/${id || "…"}`;
  const field = (name: string, label: string, input: React.ReactNode, hint?: string) => (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={`${key}-${name}`}>{label}</Label>
      {input}
      {hint && <p className="text-xs break-all text-slate-400">{hint}</p>}
    </div>
  );
  return (
    <fieldset className="grid gap-3 rounded-md border border-white/10 p-3">
      <legend className="px-1 text-sm font-medium text-slate-100">{oidc?.display_name || t`New provider`}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {field(
          "id",
          t`Provider ID`,
          <Input
            id={`${key}-id`}
            name={`${key}-id`}
            required
            pattern="[a-z0-9][a-z0-9\-]{0,39}"
            readOnly={stored}
            value={id}
            onChange={(e) => setId(e.target.value)}
            autoComplete="off"
          />,
          t`Callback URL to register at the provider: ${callback}`,
        )}
        {field(
          "name",
          t`Button label`,
          <Input id={`${key}-name`} name={`${key}-name`} required maxLength={60} defaultValue={oidc?.display_name} />,
        )}
        {field(
          "issuer",
          t`Issuer URL`,
          <Input
            id={`${key}-issuer`}
            name={`${key}-issuer`}
            type="url"
            required
            placeholder="https://sso.example.com/realms/company"
            defaultValue={oidc?.issuer}
          />,
        )}
        {field(
          "icon",
          t`Icon URL (optional)`,
          <Input id={`${key}-icon`} name={`${key}-icon`} type="url" defaultValue={oidc?.icon_url ?? ""} />,
        )}
        {field(
          "client-id",
          t`Client ID`,
          <Input
            id={`${key}-client-id`}
            name={`${key}-client-id`}
            required
            defaultValue={provider.client_id}
            autoComplete="off"
          />,
        )}
        {field(
          "secret",
          t`Client secret`,
          <Input
            id={`${key}-secret`}
            name={`${key}-secret`}
            type="password"
            autoComplete="new-password"
            required={!stored}
            placeholder={stored ? t`Unchanged` : ""}
          />,
        )}
        {field(
          "scopes",
          t`Scopes`,
          <Input id={`${key}-scopes`} name={`${key}-scopes`} defaultValue={oidc?.scopes.join(" ")} />,
        )}
        {field(
          "domains",
          t`Allowed e-mail domains (optional)`,
          <Input
            id={`${key}-domains`}
            name={`${key}-domains`}
            placeholder="company.com"
            defaultValue={oidc?.email_domains.join(", ")}
          />,
        )}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input
          type="checkbox"
          name={`${key}-jit`}
          defaultChecked={oidc?.jit_user_creation ?? true}
          className="accent-indigo-400"
        />
        {t`Create an account at the first sign-in`}
      </label>
      <div>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          {t`Remove provider`}
        </Button>
      </div>
    </fieldset>
  );
}
