import type { ClientTeam, ServerTeam } from "../../contract/auth-teams.ts";
import type { TeamRow } from "../stores/teams.ts";

export function renderClientTeam(team: TeamRow): ClientTeam {
  return {
    id: team.id,
    display_name: team.displayName,
    profile_image_url: team.profileImageUrl,
    client_metadata: team.clientMetadata ?? null,
    client_read_only_metadata: team.clientReadOnlyMetadata ?? null,
  };
}

export function renderServerTeam(team: TeamRow): ServerTeam {
  return {
    ...renderClientTeam(team),
    created_at_millis: team.createdAt.getTime(),
    server_metadata: team.serverMetadata ?? null,
  };
}
