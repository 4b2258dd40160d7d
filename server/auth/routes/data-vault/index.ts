import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { readBody } from "../../wire/headers.ts";

const hashedKey = z.string().min(1).max(1000);
const setBody = z.object({ hashed_key: hashedKey, encrypted_value: z.string().max(1_000_000) }).strict();
const getBody = z.object({ hashed_key: hashedKey }).strict();

/** `/data-vault/stores/{id}/set|get` (server access): stores are declared in the project's config. */
export function registerDataVault(app: AuthApp, deps: AuthDeps): void {
  const server = projectAuth(deps, ["server", "admin"]);
  const storeOf = (project: { config: { data_vault_stores: Record<string, unknown> } }, id: string) => {
    if (!Object.hasOwn(project.config.data_vault_stores, id)) throw KnownErrors.dataVaultStoreDoesNotExist(id);
    return id;
  };

  app.post("/data-vault/stores/:id/set", server, async (c) => {
    const { project } = c.get("auth");
    const body = await readBody(c, setBody);
    const storeId = storeOf(project, c.req.param("id"));
    await deps.dataVault.set(project.id, storeId, body.hashed_key, body.encrypted_value);
    return c.json({ success: true });
  });

  app.post("/data-vault/stores/:id/get", server, async (c) => {
    const { project } = c.get("auth");
    const body = await readBody(c, getBody);
    const storeId = storeOf(project, c.req.param("id"));
    const value = await deps.dataVault.get(project.id, storeId, body.hashed_key);
    if (value === null) {
      throw KnownErrors.dataVaultStoreHashedKeyDoesNotExist(storeId, body.hashed_key);
    }
    return c.json({ encrypted_value: value });
  });
}
