import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axeSource = (require("axe-core") as { source: string }).source;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core in the page and fails on any serious or critical violation, naming them. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  { modalOpen = false }: { modalOpen?: boolean } = {},
): Promise<void> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the app's
  // Content-Security-Policy (script-src 'self') rightly refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // Colours are read as they are painted: a transition or a drawer still fading (after a resize, a
  // route change) is measured half-way and reported as low contrast. Finite animations are awaited;
  // endless ones (spinners, skeleton pulses) would never end and do not move colours axe reads.
  // Two frames first: a change just made (a resize, a click) starts its transitions only at the
  // next style recalculation, and getAnimations() does not list them before.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // With a modal open, the page behind it is inert, hidden from assistive technology (Radix marks
  // it aria-hidden) and dimmed by the overlay: only what is still reachable is checked.
  const violations = await page.evaluate(async (onlyReachable) => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(onlyReachable ? { exclude: [['[aria-hidden="true"]']] } : document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target),
    }));
  }, modalOpen);
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
