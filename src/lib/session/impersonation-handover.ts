import { type ImpersonationHandover, impersonationHandoverSchema } from "@contract/impersonation";

/** The path the admin area opens in a new tab; the session reaches it by postMessage only. */
export const IMPERSONATE_PATH = "/impersonate";

const READY = "console-impersonation-ready";
const HANDOVER = "console-impersonation-handover";

type MessageTarget = Pick<Window, "postMessage">;
type Listening = Pick<Window, "addEventListener" | "removeEventListener"> & { location: { origin: string } };

/**
 * The admin area's side: once the new tab says it is ready (a message from that very tab, from this
 * origin), it gets the session, addressed to this origin only. The tokens never go into a URL,
 * where history, logs and the referrer would keep them. Answers a function that stops waiting.
 */
export function handOverWhenReady(
  win: Listening,
  tab: MessageTarget,
  session: Promise<ImpersonationHandover>,
): () => void {
  const origin = win.location.origin;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== tab || event.data?.type !== READY) return;
    stop();
    void session.then(
      (handover) => tab.postMessage({ type: HANDOVER, handover }, origin),
      () => undefined,
    );
  };
  const stop = () => win.removeEventListener("message", onMessage);
  win.addEventListener("message", onMessage);
  return stop;
}

/**
 * The new tab's side: tells its opener it is ready and waits for the session from it (same origin,
 * from the opener itself, in the expected shape); anything else is ignored.
 */
export function receiveHandover(win: Listening, opener: MessageTarget | null): Promise<ImpersonationHandover> {
  return new Promise((resolve, reject) => {
    if (!opener) {
      reject(new Error("no opener"));
      return;
    }
    const origin = win.location.origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== opener || event.data?.type !== HANDOVER) return;
      const parsed = impersonationHandoverSchema.safeParse(event.data.handover);
      if (!parsed.success) return;
      win.removeEventListener("message", onMessage);
      resolve(parsed.data);
    };
    win.addEventListener("message", onMessage);
    opener.postMessage({ type: READY }, origin);
  });
}
