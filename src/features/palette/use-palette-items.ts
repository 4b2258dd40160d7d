import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { isAdminQuery } from "@/features/admin/admin-me";
import { adminSections } from "@/features/admin/admin-nav";
import { appsQuery } from "@/features/apps/api";
import { schemaQuery } from "@/features/database/api";
import { databasesQuery } from "@/features/database/databases-api";
import { switchLocale } from "@/lib/i18n";
import { useLogOut } from "@/lib/session/use-log-out";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { type Workspace, workspaceKey } from "@/lib/workspace/workspace";
import type { PaletteItem } from "./palette-filter";

export interface PaletteActions {
  /** Runs before every item's own action: the palette closes. */
  close(): void;
  openNewDatabase(): void;
}

/**
 * Everything the palette offers, from the queries the sidebar and menus already keep (apps,
 * databases, teams, admin/me): actions, pages, apps, databases, the tables of databases whose
 * schema is loaded (`schemaOf` is fetched on demand, the database the user has highlighted),
 * teams, workspaces and, for operators only, the admin pages.
 */
export function usePaletteItems(schemaOf: string | undefined, actions: PaletteActions): PaletteItem[] {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const logOut = useLogOut();
  const apps = useQuery(appsQuery()).data ?? [];
  const databases = useQuery(databasesQuery()).data ?? [];
  const isAdmin = useQuery(isAdminQuery()).data === true;
  const { workspace, teams = [], select } = useWorkspace();
  // The highlighted database's schema is fetched; the others show their tables when some page
  // has loaded their schema already.
  const queryClient = useQueryClient();
  useQuery({ ...schemaQuery(schemaOf ?? ""), enabled: schemaOf !== undefined });
  const schemaOfDb = (dbId: string) => queryClient.getQueryData(schemaQuery(dbId).queryKey)?.schemas ?? [];

  const go = (to: string, params?: Record<string, string>, search?: Record<string, string>) => () =>
    void navigate({ to, params, search } as never);
  const teamName = (owner: { type: string; id: string }) =>
    owner.type === "team" ? teams.find((team) => team.id === owner.id)?.displayName : undefined;
  const switchTo = (next: Workspace) => async () => {
    if (workspaceKey(next) === workspaceKey(workspace)) return;
    // Home first: a page of the previous workspace's app would otherwise switch back to its owner.
    await navigate({ to: "/" });
    select(next);
  };

  const groups = {
    actions: t`Actions`,
    pages: t`Pages`,
    apps: t`Apps`,
    databases: t`Databases`,
    tables: t`Tables`,
    teams: t`Teams`,
    workspaces: t`Switch workspace`,
    admin: t`Admin area`,
  };
  const otherLocale = i18n.locale === "de" ? "en" : "de";
  const items: Array<Omit<PaletteItem, "run"> & { run(): void | Promise<void> }> = [
    { id: "new-app", group: groups.actions, label: t`New app`, run: go("/create-app") },
    { id: "new-database", group: groups.actions, label: t`New database`, run: actions.openNewDatabase },
    {
      id: "language",
      group: groups.actions,
      // The other language's name in itself, as the user menu shows it.
      label: otherLocale === "de" ? t`Switch language to Deutsch` : t`Switch language to English`,
      run: () => switchLocale(otherLocale),
    },
    { id: "account", group: groups.actions, label: t`Account settings`, run: go("/account") },
    { id: "log-out", group: groups.actions, label: t`Log out`, run: logOut },
    { id: "home", group: groups.pages, label: t`Home`, run: go("/") },
    { id: "api-keys", group: groups.pages, label: t`API keys`, run: go("/api-keys") },
    ...apps.map((app) => ({
      id: `app:${app.id}`,
      group: groups.apps,
      label: app.title,
      hint: teamName(app.owner),
      run: go("/apps/$appId", { appId: app.id }),
    })),
    ...databases.map((db) => ({
      id: `db:${db.id}`,
      group: groups.databases,
      label: db.name,
      hint: teamName(db.owner),
      run: go("/db/$dbId", { dbId: db.id }),
    })),
    ...databases.flatMap((db) =>
      schemaOfDb(db.id).flatMap((schema) =>
        schema.tables.map((table) => ({
          id: `table:${db.id}:${schema.name}.${table.name}`,
          group: groups.tables,
          label: schema.name === "public" ? table.name : `${schema.name}.${table.name}`,
          hint: db.name,
          run: go("/db/$dbId", { dbId: db.id }, { schema: schema.name, table: table.name }),
        })),
      ),
    ),
    ...teams.map((team) => ({
      id: `team:${team.id}`,
      group: groups.teams,
      label: team.displayName,
      run: go("/teams/$teamId", { teamId: team.id }),
    })),
    { id: "ws:personal", group: groups.workspaces, label: t`Personal`, run: switchTo({ type: "personal" }) },
    ...teams.map((team) => ({
      id: `ws:${team.id}`,
      group: groups.workspaces,
      label: team.displayName,
      run: switchTo({ type: "team", id: team.id }),
    })),
    ...(isAdmin
      ? adminSections.map((section) => ({
          id: `admin:${section.to}`,
          group: groups.admin,
          label: i18n._(section.label),
          run: go(section.to as string),
        }))
      : []),
  ];
  return items.map((item) => ({
    ...item,
    run: () => {
      actions.close();
      void item.run();
    },
  }));
}
