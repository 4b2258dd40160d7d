import "./lib/zod-without-eval";
import { I18nProvider } from "@lingui/react";
import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { registerAppMutationDefaults } from "./features/apps/mutations";
import { afterFirstPaint } from "./lib/after-first-paint";
import { setApiAuthHeaders } from "./lib/api-client";
import { activateLocale, i18n } from "./lib/i18n";
import { loadSonner } from "./lib/notify";
import { PERSIST_MAX_AGE_MS, persistOptions } from "./lib/query-persistence";
import { registerServiceWorker } from "./lib/service-worker";
import { apiAuthHeaders } from "./lib/session/fresh-token";
import { isImpersonationTab } from "./lib/session/impersonation";
import { throwErr } from "./lib/throw-err";
import { createAppRouter } from "./router";
import "./styles.css";

const queryClient = new QueryClient({
  // gcTime as long as the persisted store's max age, or restored data would be dropped at once.
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, gcTime: PERSIST_MAX_AGE_MS } },
});
registerAppMutationDefaults(queryClient);
// Query starts out online and only learns from online/offline events, which a page loaded while
// offline never receives.
if (!navigator.onLine) onlineManager.setOnline(false);
const router = createAppRouter({ queryClient });
setApiAuthHeaders(apiAuthHeaders);

async function boot(): Promise<void> {
  await activateLocale();
  const root = document.getElementById("root") ?? throwErr("index.html has no #root element");
  const app = <RouterProvider router={router} />;
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        {isImpersonationTab() ? (
          // Nothing of an impersonated user goes to this browser's offline store, which is the operator's.
          <QueryClientProvider client={queryClient}>{app}</QueryClientProvider>
        ) : (
          <PersistQueryClientProvider
            client={queryClient}
            persistOptions={persistOptions}
            // Changes queued offline before a reload are replayed once the cache is back; what was
            // restored is then only a placeholder until the server answers (it may predate the last
            // change, as the store is written at most once a second).
            onSuccess={() => void queryClient.resumePausedMutations().then(() => queryClient.invalidateQueries())}
          >
            {app}
          </PersistQueryClientProvider>
        )}
      </I18nProvider>
    </StrictMode>,
  );
}

// The service worker's registration code (workbox-window) and the toasts (sonner) wait for the first
// paint: neither is part of it, and the worker itself registers after the page's load anyway. A toast
// asked for earlier loads sonner at once (notify.ts).
afterFirstPaint(() => {
  registerServiceWorker();
  void loadSonner();
});
await boot();
