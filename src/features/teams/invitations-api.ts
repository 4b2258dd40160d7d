import type { AcceptedInvitation, InvitationRole, TeamInvitation } from "@contract/teams";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type SdkTeam, teamKeys } from "@/lib/teams-sdk";

const base = (teamId: string) => `/teams/${encodeURIComponent(teamId)}/invitations`;

/** The team's open invitations with the role each grants (admins; GET /teams/{id}/invitations). */
export const invitationsWithRolesQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...teamKeys.invitations(teamId), "roles"],
    queryFn: () => apiRequest<TeamInvitation[]>(base(teamId)),
  });

/**
 * Sends the invitation through the auth service's SDK (its limits count the inviter's address),
 * then gives it its role in the console. The SDK answers no id: the newest open invitation to that
 * address is the one just sent.
 */
export async function inviteWithRole(
  team: SdkTeam,
  email: string,
  role: InvitationRole,
  callbackUrl: string,
): Promise<void> {
  // The SDK reads its list of the team's invitations again after sending, so the new one is in it.
  await team.inviteUser({ email, callbackUrl });
  const address = email.trim().toLowerCase();
  const sent = (await team.listInvitations())
    .filter((invitation) => invitation.recipientEmail?.toLowerCase() === address)
    .sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime())[0];
  // Not listed (withdrawn meanwhile): its role cannot be set, which the inviter must learn.
  if (!sent) throw new Error("The invitation just sent is not listed.");
  await apiRequest(`${base(team.id)}/${encodeURIComponent(sent.id)}/role`, { method: "PUT", json: { role } });
}

/** Withdraws an invitation and the role it carried. */
export function withdrawInvitation(teamId: string, invitationId: string) {
  return apiRequest(`${base(teamId)}/${encodeURIComponent(invitationId)}`, { method: "DELETE" });
}

/**
 * Just before accepting with the auth service: the caller's open invitations are marked as theirs
 * to claim, so the console can tell the one accepted from one withdrawn (whose role never applies).
 */
export function markInvitationsAccepting() {
  return apiRequest<{ claimed: number }>("/teams/invitations/accepting", { method: "POST" });
}

/** After joining by invitation: the invitation's role is applied; answers the caller's role now. */
export function claimInvitationRole(teamId: string) {
  return apiRequest<AcceptedInvitation>(`${base(teamId)}/accepted`, { method: "POST" });
}
