import type { UserNotifyMessage } from "../../../contract/ws.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { UserEvents } from "../core/user-events.ts";
import { ownerChannel } from "./owner.ts";
import type { TeamRights } from "./team-rights.ts";

interface TeamSubscriptionDeps {
  rights: TeamRights;
  events: UserEvents;
  logger: Logger;
}

/**
 * How often a socket looks again which teams its user is in (joined or left since it opened): within
 * the 5 s in which a change of membership must reach every open socket.
 */
export const TEAM_RESYNC_MS = 4_000;

/**
 * A socket's subscriptions to its user's teams' events (`team:<id>`). Every delivery checks the
 * user's role first (cached for seconds), so a member who was removed stops receiving a team's
 * events within that time, on whichever instance holds the socket. Deliveries keep their order.
 */
export function subscribeToTeams(
  deps: TeamSubscriptionDeps,
  userId: string,
  send: (message: UserNotifyMessage) => void,
) {
  const subscriptions = new Map<string, () => void>();
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  const deliver = (teamId: string, message: UserNotifyMessage) => {
    queue = queue.then(async () => {
      // An auth service that cannot answer withholds the event (no role, no delivery), said in the log.
      const role = await deps.rights.roleIn(teamId, userId).catch((err: unknown) => {
        deps.logger.warn({ err, teamId }, "team event withheld: the caller's role could not be read");
        return null;
      });
      if (role !== null && !closed) send(message);
    });
  };

  let first = true;
  const sync = async () => {
    // The next sync tries again; until then the socket keeps the teams it had.
    const teams = await deps.rights.teamsOf(userId).catch((err: unknown) => {
      deps.logger.warn({ err }, "team subscriptions not refreshed: the caller's teams could not be read");
      return null;
    });
    if (!teams || closed) return;
    const initial = first;
    first = false;
    let joined = false;
    const ids = new Set(teams.map((team) => team.id));
    for (const [id, stop] of subscriptions) {
      if (!ids.has(id)) {
        stop();
        subscriptions.delete(id);
      }
    }
    for (const id of ids) {
      if (!subscriptions.has(id)) {
        joined = true;
        subscriptions.set(
          id,
          deps.events.listen(ownerChannel({ type: "team", id }), (message) => deliver(id, message)),
        );
      }
    }
    // A team joined while the socket was open: what it did before this look went unheard, so the
    // lists are fetched again.
    if (joined && !initial) {
      send({ type: "store", store: "apps", op: "refetch" });
      send({ type: "store", store: "databases", op: "refetch" });
    }
  };

  const timer = setInterval(() => void sync(), TEAM_RESYNC_MS);
  timer.unref();
  return {
    /** Resolves once the first subscriptions are in place. */
    ready: sync(),
    /** Looks again now (the user's own events may mean a team changed). */
    resync: () => void sync(),
    close() {
      closed = true;
      clearInterval(timer);
      for (const stop of subscriptions.values()) stop();
      subscriptions.clear();
    },
  };
}
