import { type At, asIs, type BuiltInSpec, obj, str } from "./oauth2-client.ts";

/**
 * Microsoft (Entra ID v2 endpoints). The tenant is `consumers` (personal accounts) unless the
 * operator names one (MICROSOFT_TENANT_ID: a tenant id, `organizations` or `common`). The profile
 * comes from Microsoft Graph, whose `mail` (else the user principal name) Microsoft does not
 * promise to be verified, so the address is never taken as verified.
 */
export function microsoftSpec(options: { tenantId?: string }, at: At = asIs): BuiltInSpec {
  const tenant = encodeURIComponent(options.tenantId || "consumers");
  return {
    id: "microsoft",
    authorizationEndpoint: at(`https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`),
    tokenEndpoint: at(`https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`),
    scopes: ["User.Read", "openid"],
    tokenAuth: "basic",
    pkce: true,
    async profile(api) {
      const me = obj(await api(at("https://graph.microsoft.com/v1.0/me")));
      return {
        accountId: str(me.id) ?? "",
        email: str(me.mail) ?? str(me.userPrincipalName),
        emailVerified: false,
        displayName: str(me.displayName),
        // Graph serves the photo as bytes behind the token, not as a URL.
        profileImageUrl: null,
      };
    },
  };
}
