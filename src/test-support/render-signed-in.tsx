import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { configure, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { SessionUserContext } from "@/components/auth-guard";
import { SidebarProvider } from "@/components/ui/sidebar";
import type { SessionUser } from "@/lib/session/current-user";

export type Lang = "en" | "de";

// The first render of a test loads lazy code (menus, error texts, catalogs); on a loaded machine
// that outlasts Testing Library's 1 s default for findBy/waitFor. A limit, not a wait: every
// assertion still passes as soon as its state is there.
configure({ asyncUtilTimeout: 15_000 });

/** Loads a language's catalogs (the app's, the areas' and the error texts) into Lingui. */
export async function useLang(lang: Lang): Promise<void> {
  const [main, areas, errors] = await Promise.all(
    lang === "en"
      ? [
          import("../../locales/en/messages.po"),
          import("../../locales/en/areas.po"),
          import("../../locales/en/errors.po"),
        ]
      : [
          import("../../locales/de/messages.po"),
          import("../../locales/de/areas.po"),
          import("../../locales/de/errors.po"),
        ],
  );
  i18n.loadAndActivate({
    locale: lang,
    messages: { ...main.messages, ...areas.messages, ...errors.messages } as never,
  });
}

/** The network as a component test has it: each `/api/v1` path answers with a data pair (or an error pair). */
export type FakeApi = (method: string, path: string, body: unknown) => { status?: number; pair: [unknown, unknown] };

/** Answers the app's fetch calls from `api`, the boundary where a component test stops. */
export function installFakeApi(api: FakeApi): { calls: Array<{ method: string; path: string; body: unknown }> } {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://console.test");
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const path = url.pathname.replace(/^\/api\/v1/, "");
    calls.push({ method, path, body });
    const { status = 200, pair } = api(method, path, body);
    return new Response(JSON.stringify(pair), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { calls };
}

export const TEST_USER: SessionUser = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "ada@example.test",
  emailVerified: true,
  projectInitialized: true,
};

/**
 * Renders `ui` as a signed-in page of the app: Lingui, TanStack Query (`queryClient`, so a test can
 * seed and read it), a memory router (the home page, and `/teams/$teamId`, `/apps/$appId` stand-ins
 * that say where a navigation went) and the sidebar's context.
 */
export function renderSignedIn(
  ui: ReactNode,
  { queryClient, path = "/" }: { queryClient: QueryClient; path?: string },
) {
  const root = createRootRoute({
    component: () => (
      <SessionUserContext.Provider value={TEST_USER}>
        <SidebarProvider>
          {ui}
          <Outlet />
        </SidebarProvider>
      </SessionUserContext.Provider>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: "/", component: () => <p>at home</p> }),
    createRoute({ getParentRoute: () => root, path: "/teams/$teamId", component: () => <p>at a team page</p> }),
    createRoute({ getParentRoute: () => root, path: "/apps/$appId", component: () => <p>at an app page</p> }),
    createRoute({ getParentRoute: () => root, path: "/db/$dbId", component: () => <p>at a database page</p> }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, router };
}

/** A client as the tests want it: no retries (a refusal is the answer), nothing refetched on its own. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
}
