// Renders the app icon (public/favicon.svg) to the PNG sizes the web manifest needs, in Debian's
// Chromium. Run after changing the logo: node scripts/generate-icons.mjs
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumPath } from "./ensure-chromium.mjs";

const svg = readFileSync("public/favicon.svg", "utf8");
// Maskable icons are cropped to a circle of 80% diameter; the logo must sit inside that safe zone.
const targets = [
  { file: "public/icons/icon-192.png", size: 192, padding: 0 },
  { file: "public/icons/icon-512.png", size: 512, padding: 0 },
  { file: "public/icons/maskable-512.png", size: 512, padding: 0.14 },
  { file: "public/icons/apple-touch-icon-180.png", size: 180, padding: 0.06 },
];

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox", "--headless=new"] });
const page = await browser.newPage();
for (const { file, size, padding } of targets) {
  const inner = Math.round(size * (1 - 2 * padding));
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:#0b1020;display:grid;place-items:center;width:${size}px;height:${size}px">
       <div style="width:${inner}px;height:${inner}px">${svg.replace("<svg ", `<svg width="${inner}" height="${inner}" `)}</div>
     </body></html>`,
  );
  await page.screenshot({ path: file, omitBackground: false });
  console.log(`wrote ${file}`);
}
await browser.close();
