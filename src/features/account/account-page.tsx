import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "@/components/query-state";
import { accountProjectQuery, accountUserQuery } from "../../lib/session/account-user";
import { DeleteAccountSection } from "./delete-account-section";
import { EmailsSection } from "./emails-section";
import { MfaSection } from "./mfa-section";
import { PasskeysSection } from "./passkeys-section";
import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";

/** /account: the signed-in user's own settings, through the official SDK. */
export function AccountPage() {
  const { t } = useLingui();
  const user = useQuery(accountUserQuery());
  const project = useQuery(accountProjectQuery());

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-white">{t`Account settings`}</h1>
      <QueryState query={user}>
        {(data) => (
          // Keyed by what the server last said, so each form starts from the stored values.
          <div key={`${data.displayName}|${data.profileImageUrl}`} className="grid gap-4">
            <ProfileSection user={data} />
            <EmailsSection user={data} />
            <PasswordSection user={data} />
            <MfaSection user={data} />
            {project.data?.config.passkeyEnabled && <PasskeysSection user={data} />}
            <SessionsSection user={data} />
            {project.data?.config.clientUserDeletionEnabled && <DeleteAccountSection user={data} />}
          </div>
        )}
      </QueryState>
    </div>
  );
}
