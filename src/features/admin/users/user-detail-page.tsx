import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { countryName, deviceLabel } from "@/lib/session-place";
import { summarizeUserAgent } from "@/lib/user-agent";
import { MetadataEditor } from "./metadata-editor";
import { OpenAsUserButton } from "./open-as-user-button";
import { UserAccountActions } from "./user-account-actions";
import { type AdminUser, useDeleteUser, userQuery, userSessionsQuery, userTeamsQuery } from "./users-api";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="text-sm break-all text-slate-100">{children}</dd>
    </div>
  );
}

/** /admin/users/{id}: what the project knows of a user, their metadata, impersonation and deletion. */
export function UserDetailPage({ userId }: { userId: string }) {
  const { t } = useLingui();
  const user = useQuery(userQuery(userId));

  return (
    <div className="grid gap-4">
      <Link to="/admin/users" className="flex items-center gap-1 text-sm text-indigo-300 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t`All users`}
      </Link>
      <QueryState query={user}>{(data) => <UserDetails user={data} />}</QueryState>
    </div>
  );
}

function UserDetails({ user }: { user: AdminUser }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const sessions = useQuery(userSessionsQuery(user.id));
  const teams = useQuery(userTeamsQuery(user.id));
  const remove = useDeleteUser();
  const [deleting, setDeleting] = useState(false);
  const name = user.display_name ?? user.primary_email ?? user.id;
  const date = (millis: number) => i18n.date(new Date(millis), { dateStyle: "medium", timeStyle: "short" });
  const yes = t`Yes`;
  const no = t`No`;
  const methods = [
    user.has_password && t`Password`,
    user.otp_auth_enabled && t`One-time code`,
    user.passkey_auth_enabled && t`Passkey`,
    ...user.oauth_providers.map((p) => p.id),
  ].filter(Boolean);

  async function onDelete() {
    setDeleting(false);
    try {
      await remove.mutateAsync(user.id);
      notify.success(t`User deleted`);
      await navigate({ to: "/admin/users" });
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold text-white">{name}</h2>
          {user.display_name && <p className="text-slate-300">{user.primary_email}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <OpenAsUserButton userId={user.id} />
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" />
            {t`Delete user`}
          </Button>
        </div>
      </div>
      <dl className="grid gap-3 rounded-lg border border-white/10 bg-white/5 p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label={t`User ID`}>
          <code>{user.id}</code>
        </Fact>
        <Fact label={t`E-mail verified`}>{user.primary_email_verified ? yes : no}</Fact>
        <Fact label={t`Sign-in methods`}>{methods.join(", ") || "—"}</Fact>
        <Fact label={t`Multi-factor authentication`}>{user.requires_totp_mfa ? yes : no}</Fact>
        <Fact label={t`Signed up`}>{date(user.signed_up_at_millis)}</Fact>
        <Fact label={t`Last active`}>{date(user.last_active_at_millis)}</Fact>
        <Fact label={t`Anonymous`}>{user.is_anonymous ? yes : no}</Fact>
        <Fact label={t`Restricted`}>{user.is_restricted ? yes : no}</Fact>
        <Fact label={t`Teams`}>
          {teams.data ? teams.data.map((team) => team.display_name).join(", ") || "—" : <Spinner />}
        </Fact>
      </dl>
      <UserAccountActions user={user} sessions={sessions.data ?? []} />
      <section className="grid gap-2" aria-labelledby="user-sessions">
        <h3 id="user-sessions" className="font-medium text-white">
          {t`Sessions`}
        </h3>
        {sessions.data?.length === 0 && <p className="text-sm text-slate-300">{t`No active sessions.`}</p>}
        <ul className="grid gap-1 text-sm">
          {sessions.data?.map((session) => {
            const created = date(session.created_at);
            const lastUsed = date(session.last_used_at);
            return (
              <li key={session.id} className="flex flex-wrap gap-x-4 rounded-md bg-white/5 px-3 py-1.5 text-slate-200">
                <span>{deviceLabel(i18n, summarizeUserAgent(session.user_agent))}</span>
                {session.country_code && <span>{countryName(i18n.locale, session.country_code)}</span>}
                <span>{t`Created ${created}`}</span>
                <span>{t`Last used ${lastUsed}`}</span>
                {session.is_impersonation && <span className="text-amber-200">{t`Impersonation`}</span>}
              </li>
            );
          })}
        </ul>
      </section>
      <section className="grid gap-4 lg:grid-cols-3" aria-label={t`Metadata`}>
        <MetadataEditor
          userId={user.id}
          field="client_metadata"
          label={t`Client metadata`}
          hint={t`Readable and writable by the user's browser.`}
          value={user.client_metadata}
        />
        <MetadataEditor
          userId={user.id}
          field="client_read_only_metadata"
          label={t`Client read-only metadata`}
          hint={t`Readable by the user's browser, writable only by servers.`}
          value={user.client_read_only_metadata}
        />
        <MetadataEditor
          userId={user.id}
          field="server_metadata"
          label={t`Server metadata`}
          hint={t`Only servers can read or write it.`}
          value={user.server_metadata}
        />
      </section>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t`Delete user`}
        description={t`Delete ${name} with their sessions, team memberships and keys? This cannot be undone.`}
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </>
  );
}
