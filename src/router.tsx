import type { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { Loading } from "./components/loading";
import { NotFound } from "./components/not-found";
import { setAuthRedirect } from "./features/auth/stack";
import { routeTree } from "./routeTree.gen";

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
  // SDK redirects to our own pages go through the router; anything else (a provider) leaves.
  setAuthRedirect((url) => {
    const target = new URL(url, window.location.href);
    if (target.origin === window.location.origin) {
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
