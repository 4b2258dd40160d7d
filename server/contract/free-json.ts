import { z } from "zod";
import { describeProblem, findJsonProblem } from "./text-hygiene.ts";

/**
 * A free-form JSON value (metadata and the like) within limits of depth and size, checked without
 * recursion: zod's own z.json() recurses per level, and thousands of levels overflowed its stack.
 */
export function freeJsonSchema(limits: { maxDepth: number; maxChars: number }): z.ZodType<unknown> {
  return z.unknown().superRefine((value, ctx) => {
    if (value === undefined) {
      ctx.addIssue({ code: "custom", message: "must be a JSON value" });
      return;
    }
    const finding = findJsonProblem(value, limits.maxDepth);
    if (finding) {
      ctx.addIssue({ code: "custom", path: finding.path, message: describeProblem(finding.problem, limits.maxDepth) });
      return;
    }
    if (JSON.stringify(value).length > limits.maxChars) {
      ctx.addIssue({ code: "custom", message: `must be at most ${limits.maxChars} characters as JSON` });
    }
  });
}
