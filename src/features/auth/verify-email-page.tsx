import { useLingui } from "@lingui/react/macro";
import { notify } from "@/lib/notify";
import { LinkCodePage } from "./link-code-page";

export function VerifyEmailPage({ code }: { code: string | undefined }) {
  const { t } = useLingui();
  return (
    <LinkCodePage
      code={code}
      flow="verify-email"
      redeem={(app, value) => app.verifyEmail(value)}
      onRedeemed={() => notify.success(t`Email verified successfully`)}
      texts={{
        pending: t`Verifying your email`,
        failed: t`Verification failed`,
        missingCode: t`No verification code provided`,
        genericError: t`An error occurred during verification`,
      }}
    />
  );
}
