import { loadAreaMessages } from "@/lib/area-messages";

/**
 * The palette's code and messages. A step of its own, itself loaded on first use: the list of the
 * palette's chunks (to preload them together) is then written here, not into the first paint's code.
 */
export const loadCommandPalette = () =>
  Promise.all([import("./command-palette"), loadAreaMessages()]).then(([m]) => m.CommandPalette);
