import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { KeyRound, Plus } from "lucide-react";
import { AnimatedText } from "@/components/animated-text";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { atLeast, inWorkspace } from "@/lib/workspace/workspace";
import { appsQuery } from "./api";
import { useAppDialogs } from "./app-dialogs";
import type { App } from "./types";

/**
 * Home: the selected workspace's apps, each linking to its page, with a shortcut to its environment
 * variables. Creating one needs admin in a team's workspace.
 */
export function AppsOverview() {
  const { t } = useLingui();
  const { workspace, team, role } = useWorkspace();
  const apps = useQuery({
    ...appsQuery(),
    select: (all: App[]) => all.filter((app) => inWorkspace(app.owner, workspace)),
  });
  const dialogs = useAppDialogs();
  const teamName = team?.displayName ?? "";
  const mayCreate = atLeast(role, "admin");

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 p-4 md:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-white">
          <AnimatedText text={workspace.type === "personal" ? t`Your Apps` : t`Apps of ${teamName}`} />
        </h1>
        <Button
          onClick={dialogs.openCreate}
          disabled={!mayCreate}
          title={mayCreate ? undefined : t`Only the team's admins create apps.`}
        >
          <Plus aria-hidden="true" />
          {t`Create App`}
        </Button>
      </div>
      <QueryState
        query={apps}
        empty={
          <p className="text-slate-300">
            {workspace.type === "personal"
              ? t`You have no apps yet. Create your first one.`
              : t`This team has no apps yet.`}
          </p>
        }
      >
        {(data) => (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((app) => (
              <AppCard key={app.id} app={app} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function AppCard({ app }: { app: App }) {
  const { t } = useLingui();
  const dialogs = useAppDialogs();
  const title = app.title;
  return (
    <li className="relative">
      <Link
        to="/apps/$appId"
        params={{ appId: app.id }}
        className="block h-full rounded-lg border border-white/10 bg-white/5 p-4 pr-12 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-indigo-300"
      >
        <span className="block font-medium break-words text-white">{title}</span>
        {app.description && <span className="mt-1 line-clamp-2 block text-sm text-slate-300">{app.description}</span>}
      </Link>
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-3 right-3"
        aria-label={t`Environment Variables of ${title}`}
        title={t`Environment Variables`}
        disabled={app.isBusy}
        onClick={() => dialogs.openEnvVars(app)}
      >
        <KeyRound aria-hidden="true" />
      </Button>
    </li>
  );
}
