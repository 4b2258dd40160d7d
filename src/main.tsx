import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { apiAuthHeaders } from "./features/auth/fresh-token";
import { setApiAuthHeaders } from "./lib/api-client";
import { activateLocale, i18n } from "./lib/i18n";
import { registerServiceWorker } from "./lib/service-worker";
import { throwErr } from "./lib/throw-err";
import { createAppRouter } from "./router";
import "./styles.css";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1 } },
});
const router = createAppRouter({ queryClient });
setApiAuthHeaders(apiAuthHeaders);

async function boot(): Promise<void> {
  await activateLocale();
  const root = document.getElementById("root") ?? throwErr("index.html has no #root element");
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

await boot();
registerServiceWorker();
