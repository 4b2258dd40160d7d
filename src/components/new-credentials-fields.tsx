import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { authCodeText } from "@/lib/errors/error-text";
import { passwordLengthProblem } from "../lib/password-rules";
import { PasswordHint } from "./password-hint";

/**
 * The e-mail and new-password fields of a new account (sign-up, and the first operator on
 * /setup), named `email` and `password` for FormData, with the password rule under the field.
 * `idPrefix` keeps the ids of each page (`signup-email`, `setup-password-hint`, …).
 */
export function NewCredentialsFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useLingui();
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-email`}>{t`Email`}</Label>
        {/* 254: the longest address SMTP carries. */}
        <Input id={`${idPrefix}-email`} name="email" type="email" autoComplete="email" required maxLength={254} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-password`}>{t`Password`}</Label>
        <Input
          id={`${idPrefix}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby={`${idPrefix}-password-hint`}
        />
        <PasswordHint id={`${idPrefix}-password-hint`} />
      </div>
    </>
  );
}

/**
 * The e-mail (trimmed) and password NewCredentialsFields hold, or, if the password breaks the
 * service's rule, that rule in the user's language: checked here first so the answer comes at once.
 */
export async function readNewCredentials(
  i18n: I18n,
  form: HTMLFormElement,
): Promise<{ email: string; password: string; problem: null } | { problem: string }> {
  const data = new FormData(form);
  const email = String(data.get("email")).trim();
  const password = String(data.get("password"));
  const problem = passwordLengthProblem(password);
  if (problem) {
    return { problem: await authCodeText(i18n, problem === "too-short" ? "PASSWORD_TOO_SHORT" : "PASSWORD_TOO_LONG") };
  }
  return { email, password, problem: null };
}
