import { isHttpError } from "../../../lib/errors.ts";
import type { StackTarget } from "../../../service-context.ts";
import { apiError } from "../core/api-error.ts";

const enc = encodeURIComponent;

/** The part of a server-side user the app API reads. */
export interface StackServerUser {
  id: string;
  primary_email: string | null;
  primary_email_verified: boolean;
  display_name?: string | null;
  client_read_only_metadata: Record<string, unknown> | null;
}

/** An open team invitation as the server API lists it. */
export interface StackTeamInvitation {
  id: string;
  team_id: string;
  recipient_email: string | null;
  expires_at_millis: number;
}

async function bodyCode(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === "string" && /^[A-Z_]{1,80}$/.test(body.code) ? body.code : null;
  } catch {
    return null;
  }
}

/**
 * One call to the auth service: with the secret server key, or, given `accessToken`, as that user
 * through the client API (so the service applies its own rules for them: membership, $update_team,
 * $delete_team, $remove_members, whether clients may create teams).
 */
async function stackCall(
  stack: StackTarget,
  method: string,
  path: string,
  body?: unknown,
  accessToken?: string,
): Promise<unknown> {
  const access: Record<string, string> = accessToken
    ? {
        "x-stack-access-type": "client",
        "x-stack-access-token": accessToken,
        ...(stack.publishableClientKey ? { "x-stack-publishable-client-key": stack.publishableClientKey } : {}),
      }
    : { "x-stack-access-type": "server", "x-stack-secret-server-key": stack.secretServerKey };
  let response: Response;
  try {
    response = await fetch(`${stack.baseUrl()}/api/v1${path}`, {
      method,
      headers: { "content-type": "application/json", "x-stack-project-id": stack.projectId, ...access },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw apiError("AUTH_SERVICE_UNAVAILABLE", "The auth service could not be reached.", {
      reason: (error as Error).message,
    });
  }
  if (!response.ok) {
    // Known errors name themselves in a header; a few plain ones only in the body's `code`.
    const code =
      response.headers.get("x-stack-known-error") ??
      response.headers.get("x-hexclave-known-error") ??
      (await bodyCode(response));
    throw apiError("AUTH_SERVICE_UNAVAILABLE", `The auth service answered ${method} ${path} with ${response.status}.`, {
      status: response.status,
      ...(code ? { authErrorCode: code } : {}),
    });
  }
  return response.json();
}

/**
 * Whether `error` is the auth service saying a user does not exist: a user deleted while an access
 * token of theirs is still valid (access tokens are checked by signature, not looked up).
 */
export function isUserGone(error: unknown): boolean {
  return (
    isHttpError(error) && error.code === "AUTH_SERVICE_UNAVAILABLE" && error.details?.authErrorCode === "USER_NOT_FOUND"
  );
}

/**
 * A small client of the auth service's server API (secret server key), the same calls
 * StackServerApp would make, without loading the SDK into the server.
 */
export function createStackServerApi(stack: StackTarget) {
  const call = (method: string, path: string, body?: unknown) => stackCall(stack, method, path, body);
  const emailChannels = async (userId: string) => {
    const query = new URLSearchParams({ user_id: userId });
    const page = (await call("GET", `/contact-channels?${query}`)) as {
      items: Array<{ type: string; value: string; is_verified: boolean }>;
    };
    return page.items.filter((ch) => ch.type === "email");
  };
  return {
    /** The auth service's client API as the user whose access token this is (see stackCall). */
    asUser: (accessToken: string) => userCalls(stack, accessToken),
    async getUser(userId: string): Promise<StackServerUser> {
      return (await call("GET", `/users/${encodeURIComponent(userId)}`)) as StackServerUser;
    },
    async getTeam(teamId: string): Promise<{ id: string; display_name: string }> {
      return (await call("GET", `/teams/${encodeURIComponent(teamId)}`)) as { id: string; display_name: string };
    },
    async updateClientReadOnlyMetadata(userId: string, metadata: Record<string, unknown>): Promise<StackServerUser> {
      return (await call("PATCH", `/users/${encodeURIComponent(userId)}`, {
        client_read_only_metadata: metadata,
      })) as StackServerUser;
    },
    /** A user with a verified primary e-mail that signs in with `password` (the first operator). */
    async createVerifiedUser(input: {
      email: string;
      password: string;
      displayName?: string;
    }): Promise<StackServerUser> {
      return (await call("POST", "/users", {
        primary_email: input.email,
        primary_email_verified: true,
        primary_email_auth_enabled: true,
        password: input.password,
        ...(input.displayName ? { display_name: input.displayName } : {}),
      })) as StackServerUser;
    },
    /** Whether `userId` holds `permissionId` in the team (directly or through a containing one). */
    async hasTeamPermission(teamId: string, userId: string, permissionId: string): Promise<boolean> {
      const query = new URLSearchParams({
        team_id: teamId,
        user_id: userId,
        permission_id: permissionId,
        recursive: "true",
      });
      const page = (await call("GET", `/team-permissions?${query}`)) as { items?: unknown[] };
      return (page.items?.length ?? 0) > 0;
    },
    /**
     * The user's team permissions with everything they contain, or null when the user is not a
     * member (or there is no such team): the auth service answers both with an error.
     */
    async teamPermissions(teamId: string, userId: string): Promise<string[] | null> {
      const query = new URLSearchParams({ team_id: teamId, user_id: userId, recursive: "true" });
      try {
        const page = (await call("GET", `/team-permissions?${query}`)) as { items?: Array<{ id: string }> };
        return (page.items ?? []).map((item) => item.id);
      } catch (error) {
        if (isHttpError(error) && error.details?.status === 404) return null;
        throw error;
      }
    },
    /** The teams the user is a member of. */
    async teamsOfUser(userId: string): Promise<Array<{ id: string; display_name: string }>> {
      const query = new URLSearchParams({ user_id: userId });
      return ((await call("GET", `/teams?${query}`)) as { items: Array<{ id: string; display_name: string }> }).items;
    },
    async grantTeamPermission(teamId: string, userId: string, permissionId: string): Promise<void> {
      await call("POST", `/team-permissions/${enc(teamId)}/${enc(userId)}/${enc(permissionId)}`, {});
    },
    async revokeTeamPermission(teamId: string, userId: string, permissionId: string): Promise<void> {
      await call("DELETE", `/team-permissions/${enc(teamId)}/${enc(userId)}/${enc(permissionId)}`);
    },
    /** The permissions granted to the member directly (not expanded). */
    async directTeamPermissions(teamId: string, userId: string): Promise<string[]> {
      const query = new URLSearchParams({ team_id: teamId, user_id: userId, recursive: "false" });
      const page = (await call("GET", `/team-permissions?${query}`)) as { items?: Array<{ id: string }> };
      return (page.items ?? []).map((item) => item.id);
    },
    /** The team's members (server view: with their primary e-mail). */
    async listTeamUsers(teamId: string): Promise<StackServerUser[]> {
      const query = new URLSearchParams({ team_id: teamId, limit: "500" });
      return ((await call("GET", `/users?${query}`)) as { items: StackServerUser[] }).items;
    },
    /** The team's open invitations (used, withdrawn and expired ones are not listed). */
    async listTeamInvitations(teamId: string): Promise<StackTeamInvitation[]> {
      const query = new URLSearchParams({ team_id: teamId });
      return ((await call("GET", `/team-invitations?${query}`)) as { items: StackTeamInvitation[] }).items;
    },
    /** Withdraws an open invitation; false when it was not open (any more). */
    async revokeTeamInvitation(teamId: string, invitationId: string): Promise<boolean> {
      const query = new URLSearchParams({ team_id: teamId });
      try {
        await call("DELETE", `/team-invitations/${enc(invitationId)}?${query}`);
        return true;
      } catch (error) {
        if (isHttpError(error) && error.details?.status === 404) return false;
        throw error;
      }
    },
    /** The user's verified e-mail addresses (an invitation is accepted only from one of them). */
    async verifiedEmails(userId: string): Promise<string[]> {
      return (await emailChannels(userId)).filter((ch) => ch.is_verified).map((ch) => ch.value);
    },
    /** Every e-mail address of the user, verified or not (an invitation's code verifies its own). */
    async emails(userId: string): Promise<string[]> {
      return (await emailChannels(userId)).map((ch) => ch.value);
    },
    /** Whether the project has any user yet (the first start's question). */
    async hasUsers(): Promise<boolean> {
      const page = (await call("GET", "/users?limit=1")) as { items?: unknown[] };
      return (page.items?.length ?? 0) > 0;
    },
  };
}
export type StackServerApi = ReturnType<typeof createStackServerApi>;

/** What the console does to teams on a user's behalf, with their own rights at the auth service. */
function userCalls(stack: StackTarget, accessToken: string) {
  const call = (method: string, path: string, body?: unknown) => stackCall(stack, method, path, body, accessToken);
  return {
    async createTeam(displayName: string): Promise<{ id: string; display_name: string }> {
      return (await call("POST", "/teams", { display_name: displayName, creator_user_id: "me" })) as {
        id: string;
        display_name: string;
      };
    },
    async renameTeam(teamId: string, displayName: string): Promise<{ id: string; display_name: string }> {
      return (await call("PATCH", `/teams/${enc(teamId)}`, { display_name: displayName })) as {
        id: string;
        display_name: string;
      };
    },
    async deleteTeam(teamId: string): Promise<void> {
      await call("DELETE", `/teams/${enc(teamId)}`);
    },
    /** The user leaves (`userId` "me") or removes another member. */
    async removeMember(teamId: string, userId: string): Promise<void> {
      await call("DELETE", `/team-memberships/${enc(teamId)}/${enc(userId)}`);
    },
  };
}
