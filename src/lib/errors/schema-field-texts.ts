import { APP_TITLE_MAX_LENGTH } from "@contract/input-limits";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * SCHEMA_ERROR names the field in its English message (`title: title is required`); for the fields
 * a form can get wrong we have a sentence of our own. Apart from the code→text maps, which load at
 * the first error: the forms also show these for their own checks, before anything is sent.
 */
export const SCHEMA_FIELD_TEXTS = {
  title: msg`Enter a title (at most ${APP_TITLE_MAX_LENGTH} characters).`,
  key: msg`A key starts with a letter or _ and holds only letters, digits and _.`,
  value: msg`Enter a value.`,
  description: msg`The description is too long.`,
  email: msg`Enter a valid e-mail address.`,
  password: msg`The password must be 8 to 70 characters long.`,
  at: msg`Pick a moment in the past.`,
  slug: msg`A slug holds 1 to 40 lower-case letters, digits or inner dashes (not at the start or end).`,
  token: msg`This link is not complete. Copy the whole link from the server's output.`,
} satisfies Record<string, MessageDescriptor>;
