/** Waited for at most this long: a browser without paint timing, or a page that paints nothing yet. */
const FALLBACK_MS = 5000;

/**
 * Runs `work` once the page has shown its first content (the `first-contentful-paint` entry), for code
 * no first paint needs: loaded earlier, it only competes with what the user waits to see, and it is
 * counted in the first route's JavaScript budget.
 */
export function afterFirstPaint(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    // A task of its own, after the frame the paint belongs to.
    setTimeout(work, 0);
  };
  const fallback = setTimeout(run, FALLBACK_MS);
  const painted = () => {
    clearTimeout(fallback);
    run();
  };
  if (performance.getEntriesByName("first-contentful-paint").length) {
    painted();
  } else if (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      painted();
    });
    observer.observe({ type: "paint", buffered: true });
  }
}
