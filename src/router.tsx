import type { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { Loading } from "./components/loading";
import { NotFound } from "./components/not-found";
import { setAuthRedirect } from "./lib/session/stack";
import { routeTree } from "./routeTree.gen";

/** Paths the server answers itself (see server/http/static-site.ts), never pages of this app. */
const SERVER_PATHS = /^\/(?:api|auth)\/|^\/(?:healthz|config\.json)$/;

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(context: RouterContext) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    defaultPendingComponent: Loading,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
  // SDK redirects to our own pages go through the router; anything else (a provider, or the
  // auth service's own endpoints on this origin, like a development OAuth provider) is a full load.
  setAuthRedirect((url) => {
    const target = new URL(url, window.location.href);
    if (target.origin === window.location.origin && !SERVER_PATHS.test(target.pathname)) {
      void router.navigate({ href: `${target.pathname}${target.search}${target.hash}` });
    } else {
      window.location.assign(target.href);
    }
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
