import { describe, expect, it } from "vitest";
import { atLeast, roleFromPermissions } from "./roles.ts";

describe("roleFromPermissions", () => {
  it("takes the strongest console role, counting Stack's team_admin as owner and team_member as viewer", () => {
    expect(roleFromPermissions(["$read_members", "console:viewer", "console:developer"])).toBe("developer");
    expect(roleFromPermissions(["team_admin", "$delete_team"])).toBe("owner");
    expect(roleFromPermissions(["team_member"])).toBe("viewer");
    expect(roleFromPermissions(["console:admin", "team_member"])).toBe("admin");
    expect(roleFromPermissions(["$read_members", "custom"])).toBeNull();
  });

  it("orders roles", () => {
    expect(atLeast("owner", "admin")).toBe(true);
    expect(atLeast("developer", "admin")).toBe(false);
  });
});
