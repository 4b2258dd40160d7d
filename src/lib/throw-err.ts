/** For `value ?? throwErr("… because …")`: fails loud where a value must exist. */
export function throwErr(message: string): never {
  throw new Error(message);
}
