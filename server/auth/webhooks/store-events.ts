import { renderServerTeam } from "../render/teams.ts";
import { renderServerUser } from "../render/users.ts";
import type { TeamEventData, TeamEvents } from "../stores/teams.ts";
import type { UserEventData, UserEvents } from "../stores/users.ts";
import type { WebhookDispatcher } from "./dispatcher.ts";

type StoreEventData = UserEventData & TeamEventData;

/** A webhook carries users and teams as the server API answers them (Stack's payloads). */
const RENDERERS: { [T in keyof StoreEventData]?: (data: StoreEventData[T]) => unknown } = {
  "user.created": renderServerUser,
  "user.updated": renderServerUser,
  "team.created": renderServerTeam,
  "team.updated": renderServerTeam,
};

/**
 * The stores' events as webhook deliveries: the stores report records, and they are rendered here,
 * so the stores stay below the wire shapes and the webhooks send what the API would answer.
 */
export function storeEvents(webhooks: Pick<WebhookDispatcher, "emit">): UserEvents & TeamEvents {
  return {
    emit<T extends keyof StoreEventData>(projectId: string, type: T, data: StoreEventData[T]): Promise<void> {
      const render = RENDERERS[type];
      return webhooks.emit(projectId, type, render ? render(data) : data);
    },
  };
}
