import { useLingui } from "@lingui/react/macro";
import { DefinitionsSection } from "./definitions-section";

/** /admin/permissions: what team members and users may be granted, and what each grant contains. */
export function PermissionsPage() {
  const { t } = useLingui();
  return (
    <div className="grid gap-4">
      <h2 className="text-2xl font-semibold text-white">{t`Permissions`}</h2>
      <p className="text-sm text-slate-300">
        {t`A permission may contain others: whoever holds it holds them too. Team permissions are granted per team; project permissions apply across the project.`}
      </p>
      <DefinitionsSection scope="team" title={t`Team permissions`} />
      <DefinitionsSection scope="project" title={t`Project permissions`} />
    </div>
  );
}
