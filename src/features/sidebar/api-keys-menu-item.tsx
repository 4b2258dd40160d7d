import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { KeyRound } from "lucide-react";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { accountProjectQuery } from "@/lib/session/account-user";

/** "API keys" under "Account settings", where the project lets users have keys. */
export function ApiKeysMenuItem({ open }: { open: boolean }) {
  const { t } = useLingui();
  const project = useQuery({ ...accountProjectQuery(), enabled: open });
  if (!project.data?.config.allowUserApiKeys) return null;
  return (
    <DropdownMenuItem asChild>
      <Link to="/api-keys">
        <KeyRound aria-hidden="true" />
        {t`API keys`}
      </Link>
    </DropdownMenuItem>
  );
}
