import { useRouter } from "@tanstack/react-router";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { LazyDialog, lazyDialog } from "@/components/lazy-dialog";
import { throwErr } from "@/lib/throw-err";
import type { App } from "./types";

// The dialogs load when first opened: nobody needs them for the first paint.
const CreateAppDialog = lazyDialog(() => import("./create-app-dialog").then((m) => m.CreateAppDialog));
const DeleteAppDialog = lazyDialog(() => import("./delete-app-dialog").then((m) => m.DeleteAppDialog));
const EnvVarsDialog = lazyDialog(() => import("@/features/secrets/env-vars-dialog").then((m) => m.EnvVarsDialog));

interface AppDialogs {
  openCreate(): void;
  openDelete(app: App): void;
  openEnvVars(app: App): void;
}

const AppDialogsContext = createContext<AppDialogs | null>(null);

export function useAppDialogs(): AppDialogs {
  return useContext(AppDialogsContext) ?? throwErr("useAppDialogs needs <AppDialogsProvider> above it");
}

/** The shell's three dialogs (create, delete, environment variables), each open or closed. */
export function AppDialogsProvider({ children }: { children: ReactNode }) {
  const [createOpen, setCreateOpen] = useState(false);
  const [deleting, setDeleting] = useState<App | null>(null);
  const [envVarsOf, setEnvVarsOf] = useState<App | null>(null);
  // Once loaded a dialog stays mounted, so its closing animation and focus return still run.
  const [used, setUsed] = useState({ create: false, delete: false, envVars: false });

  const router = useRouter();
  // /create-app is the dialog; closing it there goes back home so the route can open it again.
  const changeCreateOpen = (open: boolean) => {
    setCreateOpen(open);
    if (!open && router.state.location.pathname === "/create-app") void router.navigate({ to: "/" });
  };

  const dialogs = useMemo<AppDialogs>(
    () => ({
      openCreate: () => {
        setUsed((u) => ({ ...u, create: true }));
        setCreateOpen(true);
      },
      openDelete: (app) => {
        setUsed((u) => ({ ...u, delete: true }));
        setDeleting(app);
      },
      openEnvVars: (app) => {
        setUsed((u) => ({ ...u, envVars: true }));
        setEnvVarsOf(app);
      },
    }),
    [],
  );

  return (
    <AppDialogsContext.Provider value={dialogs}>
      {children}
      {used.create && (
        <LazyDialog open={createOpen} onClose={() => changeCreateOpen(false)}>
          <CreateAppDialog open={createOpen} onOpenChange={changeCreateOpen} />
        </LazyDialog>
      )}
      {used.delete && (
        <LazyDialog open={deleting !== null} onClose={() => setDeleting(null)}>
          <DeleteAppDialog app={deleting} onClose={() => setDeleting(null)} />
        </LazyDialog>
      )}
      {used.envVars && (
        <LazyDialog open={envVarsOf !== null} onClose={() => setEnvVarsOf(null)}>
          <EnvVarsDialog app={envVarsOf} onOpenChange={(open) => !open && setEnvVarsOf(null)} />
        </LazyDialog>
      )}
    </AppDialogsContext.Provider>
  );
}
