import type { Vault } from "../../lib/vault.ts";

const SCOPE = "auth:session-handoff";
/** The binding of a cross-domain sign-in's sealed token. */
export const CROSS_DOMAIN_PURPOSE = "cross-domain";

/**
 * A refresh token handed from one place to another through a one-time code (Stack's cross-domain
 * sign-in): kept sealed in the code's data until the code is exchanged, bound to project and code
 * purpose so a copy elsewhere does not open.
 */
export class SessionHandoff {
  constructor(private vault: Vault) {}

  seal(projectId: string, purpose: string, refreshToken: string): Promise<string> {
    return this.vault.seal(SCOPE, refreshToken, `${projectId}|${purpose}`);
  }

  open(projectId: string, purpose: string, sealed: string): Promise<string> {
    return this.vault.open(SCOPE, sealed, `${projectId}|${purpose}`);
  }
}
