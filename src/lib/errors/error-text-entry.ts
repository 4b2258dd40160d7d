import type { I18n, MessageDescriptor } from "@lingui/core";

/**
 * What an error is about, where a code reads differently there (an invitation's link is no other
 * mailed link; a sign-up refused because the instance still waits for its first operator).
 */
export type ErrorSubject = "invitation" | "first-run";

/** A code's words, when a sentence alone does not say all the user needs. */
export interface ErrorTextVariants<D> {
  /** The code's sentence: shown when no variant applies. */
  readonly text: MessageDescriptor;
  /**
   * The sentence with the code's details put in (their schema is the registry's for the code), or
   * undefined when the details at hand do not make one (an older server, a detail missing).
   */
  detailed?(i18n: I18n, details: Partial<D>): string | undefined;
  /** The code worded for a subject, where its general sentence would mislead. */
  readonly about?: Partial<Record<ErrorSubject, MessageDescriptor>>;
}

/** A code's text: its sentence, or its sentence with variants. */
export type ErrorTextEntry<D = Record<string, unknown>> = MessageDescriptor | ErrorTextVariants<D>;

/** The sentence every entry has. */
export function entrySentence(entry: ErrorTextEntry): MessageDescriptor {
  return "text" in entry ? entry.text : entry;
}

/** The entry's variants, or undefined for a plain sentence. */
export function entryVariants(entry: ErrorTextEntry): ErrorTextVariants<Record<string, unknown>> | undefined {
  return "text" in entry ? entry : undefined;
}
