/** The provider's human-readable message of an SDK error result, when it has one. */
export function providerMessage(error: unknown): string | undefined {
  if (error instanceof Error && error.message.trim() !== "") return error.message;
  return undefined;
}
