import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { accountProjectQuery, accountUserQuery } from "./account-user";
import { DeleteAccountSection } from "./delete-account-section";
import { EmailsSection } from "./emails-section";
import { MfaSection } from "./mfa-section";
import { PasskeysSection } from "./passkeys-section";
import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";

/** /account: the signed-in user's own settings, through the official SDK. */
export function AccountPage() {
  const { t, i18n } = useLingui();
  const user = useQuery(accountUserQuery());
  const project = useQuery(accountProjectQuery());

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-white">{t`Account settings`}</h1>
      {user.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-300">
          <Spinner />
          {t`Loading...`}
        </p>
      )}
      {user.isError && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, user.error)}
        </p>
      )}
      {user.data && (
        // Keyed by what the server last said, so each form starts from the stored values.
        <div key={`${user.data.displayName}|${user.data.profileImageUrl}`} className="grid gap-4">
          <ProfileSection user={user.data} />
          <EmailsSection user={user.data} />
          <PasswordSection user={user.data} />
          <MfaSection user={user.data} />
          {project.data?.config.passkeyEnabled && <PasskeysSection user={user.data} />}
          <SessionsSection user={user.data} />
          {project.data?.config.clientUserDeletionEnabled && <DeleteAccountSection user={user.data} />}
        </div>
      )}
    </div>
  );
}
