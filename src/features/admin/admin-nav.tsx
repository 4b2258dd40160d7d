import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, type LinkProps } from "@tanstack/react-router";
import {
  DatabaseBackup,
  Globe,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  ScrollText,
  ShieldCheck,
  Users,
  UsersRound,
  Webhook,
} from "lucide-react";

interface AdminSection {
  to: LinkProps["to"];
  label: MessageDescriptor;
  icon: LucideIcon;
}

/** The admin area's sections, in nav order; each has a route under src/routes/_app/admin/. */
export const adminSections: AdminSection[] = [
  { to: "/admin", label: msg`Overview`, icon: LayoutDashboard },
  { to: "/admin/users", label: msg`Users`, icon: Users },
  { to: "/admin/teams", label: msg`Teams`, icon: UsersRound },
  { to: "/admin/permissions", label: msg`Permissions`, icon: ShieldCheck },
  { to: "/admin/domains", label: msg`Domains and sign-in`, icon: Globe },
  { to: "/admin/keys", label: msg`API keys`, icon: KeyRound },
  { to: "/admin/emails", label: msg`E-mails`, icon: Mail },
  { to: "/admin/webhooks", label: msg`Webhooks`, icon: Webhook },
  { to: "/admin/backups", label: msg`Backups`, icon: DatabaseBackup },
  { to: "/admin/audit", label: msg`Audit log`, icon: ScrollText },
];

export function AdminNav() {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Admin sections`}>
      <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
        {adminSections.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              activeOptions={{ exact: to === "/admin" }}
              className="flex items-center gap-2 whitespace-nowrap rounded-md md:whitespace-normal px-3 py-2 text-sm text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-300 aria-[current=page]:bg-white/10 aria-[current=page]:text-white"
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {i18n._(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
