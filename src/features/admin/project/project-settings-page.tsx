import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { QueryState } from "@/components/query-state";
import { DomainsSection } from "./domains-section";
import { ProductionSection } from "./production-section";
import { projectQuery } from "./project-api";
import { ProvidersSection } from "./providers-section";
import { SettingsSwitches } from "./settings-switches";
import { SsoProvidersSection } from "./sso-providers-section";

/** /admin/domains: trusted domains, sign-in methods and providers, and user and team switches. */
export function ProjectSettingsPage() {
  const { t } = useLingui();
  const project = useQuery(projectQuery());

  return (
    <div className="grid gap-4">
      <h2 className="text-2xl font-semibold text-white">{t`Domains and sign-in`}</h2>
      <p className="flex gap-2 rounded-md border border-amber-300/30 bg-amber-300/10 p-3 text-sm text-amber-100">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        {t`These are the settings of this console's own sign-in: a change applies at once, to everyone, including you.`}
      </p>
      <QueryState query={project}>
        {(data) => (
          <>
            <DomainsSection project={data} />
            <ProductionSection project={data} />
            <SettingsSwitches
              project={data}
              title={t`Sign-in methods`}
              settings={["sign_up_enabled", "credential_enabled", "magic_link_enabled", "passkey_enabled"]}
            />
            <ProvidersSection project={data} />
            <SsoProvidersSection project={data} />
            <SettingsSwitches
              project={data}
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
      </QueryState>
    </div>
  );
}
