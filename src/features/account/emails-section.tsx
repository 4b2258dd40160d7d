import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { AccountSection } from "../../components/account-section";
import { type AccountUser, accountKeys, useRefreshAccount } from "../../lib/session/account-user";

/** The account's e-mail addresses: add, verify by mail, make primary, remove. */
export function EmailsSection({ user }: { user: AccountUser }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshAccount();
  const formRef = useRef<HTMLFormElement>(null);
  const channels = useQuery({ queryKey: accountKeys.channels(), queryFn: () => user.listContactChannels() });

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      await refresh();
      notify.success(done);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    }
  };

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    await run(async () => {
      await user.createContactChannel({ type: "email", value, usedForAuth: false });
      formRef.current?.reset();
    }, t`E-mail address added`);
  }

  return (
    <AccountSection id="account-emails" title={t`E-mail addresses`}>
      <ul className="grid gap-1">
        {channels.data?.map((channel) => (
          <li
            key={channel.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-black/20 px-3 py-1.5 text-sm"
          >
            <span className="text-slate-100">
              {channel.value}
              {channel.isPrimary && <span className="ml-2 text-xs text-indigo-200">{t`primary`}</span>}
              <span className={channel.isVerified ? "ml-2 text-xs text-emerald-200" : "ml-2 text-xs text-amber-200"}>
                {channel.isVerified ? t`verified` : t`not verified`}
              </span>
            </span>
            <span className="flex flex-wrap gap-1">
              {!channel.isVerified && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void run(() => channel.sendVerificationEmail(), t`Verification e-mail sent`)}
                >
                  {t`Send verification e-mail`}
                  <span className="sr-only"> {channel.value}</span>
                </Button>
              )}
              {!channel.isPrimary && channel.isVerified && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void run(() => channel.update({ isPrimary: true }), t`Primary e-mail changed`)}
                >
                  {t`Make primary`}
                  <span className="sr-only"> {channel.value}</span>
                </Button>
              )}
              {!channel.isPrimary && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void run(() => channel.delete(), t`E-mail address removed`)}
                >
                  {t`Remove`}
                  <span className="sr-only"> {channel.value}</span>
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <form ref={formRef} className="flex max-w-md flex-wrap items-end gap-2" onSubmit={(e) => void add(e)}>
        <div className="grid flex-1 gap-1">
          <Label htmlFor="account-new-email">{t`Add an e-mail address`}</Label>
          <Input id="account-new-email" name="email" type="email" required autoComplete="email" />
        </div>
        <Button type="submit">{t`Add`}</Button>
      </form>
    </AccountSection>
  );
}
