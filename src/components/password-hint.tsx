import { useLingui } from "@lingui/react/macro";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../lib/password-rules";

/** The password rule, shown under a new-password field before anything is sent (aria-describedby it). */
export function PasswordHint({ id }: { id: string }) {
  const { t } = useLingui();
  return (
    <p id={id} className="text-xs text-slate-400">
      {t`At least ${MIN_PASSWORD_LENGTH} and at most ${MAX_PASSWORD_LENGTH} characters.`}
    </p>
  );
}
