import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { useSendTestEmail } from "./emails-api";

type Outcome = { ok: true } | { ok: false; message: string };

/** Tries an SMTP server before the project uses it: one mail, and whether it went out. */
export function TestEmailForm() {
  const { t, i18n } = useLingui();
  const send = useSendTestEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    setOutcome(null);
    try {
      const answer = await send.mutateAsync({
        recipient_email: text("recipient"),
        email_config: {
          host: text("host"),
          port: Number(text("port")),
          username: text("username"),
          password: String(form.get("password") ?? ""),
          sender_name: text("sender_name"),
          sender_email: text("sender_email"),
        },
      });
      setOutcome(answer.success ? { ok: true } : { ok: false, message: answer.error_message ?? t`An error occurred` });
    } catch (e) {
      setOutcome({ ok: false, message: errorText(i18n, e, msg`An error occurred`) });
    }
  }

  const field = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <div className="grid gap-1">
      <Label htmlFor={`smtp-${name}`}>{label}</Label>
      <Input id={`smtp-${name}`} name={name} autoComplete="off" {...props} />
    </div>
  );

  return (
    <form className="grid gap-3" onSubmit={(e) => void onSubmit(e)}>
      <div className="grid gap-3 sm:grid-cols-2">
        {field("host", t`SMTP host`, { required: true })}
        {field("port", t`Port`, { required: true, type: "number", min: 1, max: 65535, defaultValue: 587 })}
        {field("username", t`Username`)}
        {field("password", t`Password`, { type: "password", autoComplete: "new-password" })}
        {field("sender_name", t`Sender name`, { required: true })}
        {field("sender_email", t`Sender e-mail`, { required: true, type: "email" })}
        {field("recipient", t`Send the test to`, { required: true, type: "email" })}
      </div>
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending && <Spinner />}
          {t`Send test e-mail`}
        </Button>
      </div>
      {outcome &&
        (outcome.ok ? (
          <p role="status" className="text-sm text-emerald-200">
            {t`The test e-mail was sent.`}
          </p>
        ) : (
          <p role="alert" className="text-sm text-red-300">
            {outcome.message}
          </p>
        ))}
    </form>
  );
}
