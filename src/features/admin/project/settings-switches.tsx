import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type AdminProject, type BooleanSetting, useUpdateProject } from "./project-api";

const LABELS: Record<BooleanSetting, MessageDescriptor> = {
  sign_up_enabled: msg`New users may sign up`,
  credential_enabled: msg`Sign-in with e-mail and password`,
  magic_link_enabled: msg`Sign-in with magic links and one-time codes`,
  passkey_enabled: msg`Sign-in with passkeys`,
  create_team_on_sign_up: msg`Create a personal team for each new user`,
  client_team_creation_enabled: msg`Users may create teams`,
  client_user_deletion_enabled: msg`Users may delete their own account`,
  allow_user_api_keys: msg`Users may create API keys`,
  allow_team_api_keys: msg`Teams may create API keys`,
};

/** A group of on/off settings; each change is saved at once and shown as asked while on its way. */
export function SettingsSwitches({
  project,
  title,
  settings,
}: {
  project: AdminProject;
  title: string;
  settings: readonly BooleanSetting[];
}) {
  const { i18n } = useLingui();
  const update = useUpdateProject();
  const pending = update.isPending ? update.variables?.config : undefined;

  return (
    <fieldset className="grid gap-2 rounded-lg border border-white/10 bg-white/5 p-4">
      <legend className="px-1 font-medium text-white">{title}</legend>
      {settings.map((setting) => (
        <label key={setting} className="flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            className="size-4 accent-indigo-400"
            checked={pending?.[setting] ?? project.config[setting]}
            disabled={update.isPending}
            onChange={(e) =>
              update
                .mutateAsync({ config: { [setting]: e.target.checked } })
                .catch((error: unknown) => notify.error(errorText(i18n, error, msg`An error occurred`)))
            }
          />
          {i18n._(LABELS[setting])}
        </label>
      ))}
    </fieldset>
  );
}
