import { randomUUID } from "node:crypto";

export interface FirstOperatorAccount {
  userId: string;
  email: string;
  password: string;
}

/**
 * What the operator does with the link the server printed at its first start: the first account,
 * through the real route (POST /api/v1/setup). Until then the console takes no sign-ups.
 */
export async function completeSetup(origin: string, setupUrl: string): Promise<FirstOperatorAccount> {
  const token = new URL(setupUrl).searchParams.get("token") ?? "";
  const email = `operator-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const response = await fetch(new URL("/api/v1/setup", origin), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, email, password }),
  });
  if (response.status !== 200)
    throw new Error(`POST /api/v1/setup answered ${response.status}: ${await response.text()}`);
  const [data] = (await response.json()) as [{ userId: string }, unknown];
  return { userId: data.userId, email, password };
}

/** The setup link in what the server wrote to the terminal (server/serve.ts), if it printed one. */
export function printedSetupUrl(terminal: string): string | null {
  return /(https?:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+)/.exec(terminal)?.[1] ?? null;
}
