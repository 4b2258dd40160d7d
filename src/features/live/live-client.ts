import { reconnectDelay, SIGNED_OUT_RECHECK_MS } from "./backoff";
import { parseUserNotifyMessage, type UserNotifyMessage } from "./messages";

interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export interface LiveClientOptions {
  url: string;
  /** Asked before every connection attempt; the socket is only for signed-in users. */
  isSignedIn(): Promise<boolean>;
  onMessage(message: UserNotifyMessage): void;
  openSocket?(url: string): SocketLike;
  log?(message: string, detail?: unknown): void;
}

/**
 * The user-notify socket: connects while someone is signed in, reconnects after a close with
 * exponential backoff (1 s doubling to 30 s), and checks every 5 s while nobody is signed in.
 */
export class LiveClient {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private running = false;

  constructor(private readonly options: LiveClientOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connectIfSignedIn();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  /** After a sign-in or sign-out: drop the connection and decide again right away. */
  restart(): void {
    this.stop();
    this.attempt = 0;
    this.start();
  }

  /**
   * The browser lost the network: close the socket (an idle one may look open for minutes) and
   * stop trying, since every attempt would fail and only lengthen the backoff.
   */
  networkLost(): void {
    this.stop();
  }

  /** The network is back: connect at once rather than after a delay grown while offline. */
  networkBack(): void {
    this.attempt = 0;
    this.start();
  }

  private schedule(delayMs: number, next: () => void): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(next, delayMs);
  }

  private async connectIfSignedIn(): Promise<void> {
    let signedIn: boolean;
    try {
      signedIn = await this.options.isSignedIn();
    } catch (error) {
      // Not an answer (the network just back and not yet usable, the auth service restarting):
      // asked again with the reconnect backoff from 1 s, not after the 5 s of a signed-out reader.
      if (this.running) this.retrySoon();
      this.options.log?.("user-notify: could not tell whether someone is signed in", error);
      return;
    }
    if (!this.running) return;
    if (!signedIn) {
      this.schedule(SIGNED_OUT_RECHECK_MS, () => void this.connectIfSignedIn());
      return;
    }
    this.connect();
  }

  private connect(): void {
    // The DOM's WebSocket has what SocketLike uses, but typed event handlers TypeScript cannot match.
    const open = this.options.openSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const socket = open(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
    };
    socket.onmessage = (event) => {
      const message = parseUserNotifyMessage(event.data);
      if (message) this.options.onMessage(message);
      else this.options.log?.("user-notify: ignored a frame it could not read", event.data);
    };
    socket.onerror = (event) => this.options.log?.("user-notify: socket error", event);
    socket.onclose = () => {
      if (this.socket !== socket || !this.running) return;
      this.socket = null;
      this.retrySoon();
    };
  }

  private retrySoon(): void {
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.schedule(delay, () => void this.connectIfSignedIn());
  }
}
