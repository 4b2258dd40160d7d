import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type AdminProject, useUpdateProject } from "./project-api";

/**
 * Trusted domains: where sign-in may send users back to (redirect and callback URLs), each with
 * the path of its auth handler pages. Production mode's rules are the server's; its refusals show here.
 */
export function DomainsSection({ project }: { project: AdminProject }) {
  const { t, i18n } = useLingui();
  const update = useUpdateProject();
  const [error, setError] = useState<string | null>(null);
  const domains = project.config.domains;

  async function save(next: typeof domains, extra: { allow_localhost?: boolean } = {}) {
    setError(null);
    try {
      await update.mutateAsync({ config: { domains: next, ...extra } });
      return true;
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
      return false;
    }
  }

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const domain = String(form.get("domain") ?? "")
      .trim()
      .replace(/\/+$/, "");
    const handlerPath = String(form.get("handler_path") ?? "").trim() || "/handler";
    if (domains.some((d) => d.domain === domain)) {
      setError(t`This domain is already trusted.`);
      return;
    }
    if (await save([...domains, { domain, handler_path: handlerPath }])) {
      formElement.reset();
      notify.success(t`Domain added`);
    }
  }

  return (
    <section className="grid gap-3 rounded-lg border border-white/10 bg-white/5 p-4" aria-labelledby="trusted-domains">
      <h3 id="trusted-domains" className="font-medium text-white">
        {t`Trusted domains`}
      </h3>
      <p className="text-sm text-slate-300">
        {t`Sign-in may send users back only to these origins (and to this console's own).`}
      </p>
      {domains.length === 0 ? (
        <p className="text-sm text-slate-400">{t`No trusted domains yet.`}</p>
      ) : (
        <ul className="grid gap-1">
          {domains.map((d) => {
            const domain = d.domain;
            return (
              <li key={d.domain} className="flex items-center justify-between gap-2 rounded-md bg-black/20 px-3 py-1.5">
                <span className="min-w-0 truncate font-mono text-sm text-slate-100">
                  {d.domain}
                  <span className="text-slate-400">{d.handler_path}</span>
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t`Remove ${domain}`}
                  disabled={update.isPending}
                  onClick={() => void save(domains.filter((other) => other.domain !== d.domain))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end" onSubmit={(e) => void onAdd(e)}>
        <div className="grid gap-1">
          <Label htmlFor="domain-url">{t`Domain`}</Label>
          <Input id="domain-url" name="domain" required placeholder="https://app.example.com" autoComplete="off" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="domain-handler">{t`Handler path`}</Label>
          <Input id="domain-handler" name="handler_path" defaultValue="/handler" pattern="/.*" autoComplete="off" />
        </div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          {t`Add domain`}
        </Button>
      </form>
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input
          type="checkbox"
          className="size-4 accent-indigo-400"
          checked={project.config.allow_localhost}
          disabled={update.isPending}
          onChange={(e) => void save(domains, { allow_localhost: e.target.checked })}
        />
        {t`Allow localhost (development; never in production mode)`}
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
