import { getLatestPageVersions } from "@stackframe/stack-shared/dist/interface/page-component-versions";
import { z } from "zod";
import type { AuthApp } from "../../auth-env.ts";
import { StatusError } from "../../errors/status-error.ts";
import { readQuery } from "../../wire/headers.ts";

const PATH = "/internal/component-versions";

/**
 * The newest version (and its changelog) of each SDK-managed page, as the Stack SDK release this
 * service is built against (package.json's @stackframe/stack-shared) defines them. The SDK's
 * dev tool compares a project's custom pages with these to say when one is outdated. Public
 * metadata: no project, no caller, no input (the query is validated and ignored).
 */
export function registerInternalComponentVersions(app: AuthApp): void {
  const versions = getLatestPageVersions();
  app.get(PATH, (c) => {
    readQuery(c, z.object({}));
    return c.json({ versions });
  });
  app.on(["POST", "PUT", "PATCH", "DELETE"], PATH, (c) => {
    throw new StatusError("METHOD_NOT_ALLOWED", `${c.req.method} is not allowed on ${PATH}; use GET.`, {
      Allow: "GET",
    });
  });
}
