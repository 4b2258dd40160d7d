import { z } from "zod";

/** A member of a team as GET /teams/{teamId}/members lists it: the name to show, else the e-mail. */
export const teamMemberSchema = z.object({
  userId: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
