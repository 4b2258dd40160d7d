import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { DomainsSection } from "./domains-section";
import { ProductionSection } from "./production-section";
import { projectQuery } from "./project-api";
import { ProvidersSection } from "./providers-section";
import { SettingsSwitches } from "./settings-switches";

/** /admin/domains: trusted domains, sign-in methods and providers, and user and team switches. */
export function ProjectSettingsPage() {
  const { t, i18n } = useLingui();
  const project = useQuery(projectQuery());

  return (
    <div className="grid gap-4">
      <h2 className="text-2xl font-semibold text-white">{t`Domains and sign-in`}</h2>
      <p className="flex gap-2 rounded-md border border-amber-300/30 bg-amber-300/10 p-3 text-sm text-amber-100">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        {t`These are the settings of this console's own sign-in: a change applies at once, to everyone, including you.`}
      </p>
      {project.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-300">
          <Spinner />
          {t`Loading...`}
        </p>
      )}
      {project.isError && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, project.error)}
        </p>
      )}
      {project.data && (
        <>
          <DomainsSection project={project.data} />
          <ProductionSection project={project.data} />
          <SettingsSwitches
            project={project.data}
            title={t`Sign-in methods`}
            settings={["sign_up_enabled", "credential_enabled", "magic_link_enabled", "passkey_enabled"]}
          />
          <ProvidersSection project={project.data} />
          <SettingsSwitches
            project={project.data}
            title={t`Users and teams`}
            settings={[
              "create_team_on_sign_up",
              "client_team_creation_enabled",
              "client_user_deletion_enabled",
              "allow_user_api_keys",
              "allow_team_api_keys",
            ]}
          />
        </>
      )}
    </div>
  );
}
