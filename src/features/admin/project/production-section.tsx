import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type AdminProject, type ProjectConfig, useUpdateProject } from "./project-api";

/** Production mode (HTTPS-only trusted domains, no localhost) and how OAuth accounts are merged. */
export function ProductionSection({ project }: { project: AdminProject }) {
  const { t, i18n } = useLingui();
  const update = useUpdateProject();
  const [error, setError] = useState<string | null>(null);

  async function change(patch: { is_production_mode?: boolean; config?: Partial<ProjectConfig> }) {
    setError(null);
    try {
      await update.mutateAsync(patch);
      notify.success(t`Settings saved`);
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    }
  }

  return (
    <section className="grid gap-3 rounded-lg border border-white/10 bg-white/5 p-4" aria-labelledby="production-mode">
      <h3 id="production-mode" className="font-medium text-white">
        {t`Production mode`}
      </h3>
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input
          type="checkbox"
          className="size-4 accent-indigo-400"
          checked={project.is_production_mode}
          disabled={update.isPending}
          onChange={(e) => void change({ is_production_mode: e.target.checked })}
        />
        {t`Production mode: every trusted domain must use HTTPS and be neither localhost nor an IP address`}
      </label>
      <div className="grid gap-1">
        <label htmlFor="merge-strategy" className="text-sm text-slate-200">
          {t`When a social sign-in uses an e-mail address that already has an account`}
        </label>
        <select
          id="merge-strategy"
          value={project.config.oauth_account_merge_strategy}
          disabled={update.isPending}
          onChange={(e) =>
            void change({
              config: { oauth_account_merge_strategy: e.target.value as ProjectConfig["oauth_account_merge_strategy"] },
            })
          }
          className="h-9 max-w-md rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100"
        >
          <option value="link_method">{t`Link it to that account`}</option>
          <option value="raise_error">{t`Refuse the sign-in`}</option>
          <option value="allow_duplicates">{t`Create a separate account`}</option>
        </select>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
