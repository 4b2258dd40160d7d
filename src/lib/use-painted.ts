import { useEffect, useState } from "react";

/**
 * False on the first render, true once the browser has painted it: code that is not needed to
 * show the screen (menus, dialogs) is requested only then, so it never delays the first paint.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // requestAnimationFrame runs before the next paint; the timeout after it runs once it is done.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
