import { useLingui } from "@lingui/react/macro";
import { withoutSdkRedirects } from "../../lib/session/stack";
import { LinkCodePage } from "./link-code-page";

/** The link of the sign-in mail: redeems its code once, then continues like a password sign-in. */
export function MagicLinkCallbackPage({ code }: { code: string | undefined }) {
  const { t } = useLingui();
  return (
    <LinkCodePage
      code={code}
      flow="magic-link"
      redeem={(app, value) => withoutSdkRedirects(() => app.signInWithMagicLink(value, { noRedirect: true }))}
      texts={{
        pending: t`Signing you in`,
        failed: t`Sign-in failed`,
        missingCode: t`No sign-in code provided`,
        genericError: t`An error occurred while signing in`,
      }}
    />
  );
}
