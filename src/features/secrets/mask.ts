/** How a hidden value is shown: always twelve dots, so the length of the value does not leak. */
export const MASKED_VALUE = "•".repeat(12);

/** Add New can be submitted only with both fields filled and nothing in flight. */
export function canSubmitNewSecret(key: string, value: string, saving: boolean): boolean {
  return key.trim() !== "" && value !== "" && !saving;
}
