import type { ContactChannel } from "../../contract/auth-users.ts";
import type { ContactChannelRow } from "../stores/contact-channels.ts";

export function renderContactChannel(channel: ContactChannelRow): ContactChannel {
  return {
    id: channel.id,
    user_id: channel.userId,
    type: channel.type,
    value: channel.value,
    is_primary: channel.isPrimary,
    is_verified: channel.isVerified,
    used_for_auth: channel.usedForAuth,
  };
}
