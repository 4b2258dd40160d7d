import { createElement } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { saveBlob } from "@/lib/download";
import { COLORS, DiagramContent, FONT } from "./diagram-content";
import type { DiagramLayout } from "./diagram-layout";

const MARGIN = 16;
/** Chromium's canvas stops drawing past about 16k pixels a side or 268 M pixels in all. */
const MAX_SIDE = 16_000;
const MAX_PIXELS = 120_000_000;

/**
 * The whole diagram as a standalone SVG document, every column drawn whatever the zoom on screen,
 * rendered from the same component as the page (into a detached node) so the two never differ.
 */
export function diagramSvgText(layout: DiagramLayout, title: string): string {
  const width = Math.ceil(layout.width + 2 * MARGIN);
  const height = Math.ceil(layout.height + 2 * MARGIN);
  const host = document.createElement("div");
  const root = createRoot(host);
  flushSync(() =>
    root.render(
      createElement(
        "svg",
        { xmlns: "http://www.w3.org/2000/svg", width, height, viewBox: `0 0 ${width} ${height}`, fontFamily: FONT },
        createElement("title", null, title),
        createElement("rect", { width, height, fill: COLORS.background }),
        createElement(
          "g",
          { transform: `translate(${MARGIN},${MARGIN})` },
          createElement(DiagramContent, { layout, detail: true, zoom: 1, markerId: "fk-arrow" }),
        ),
      ),
    ),
  );
  const text = host.innerHTML;
  root.unmount();
  return `<?xml version="1.0" encoding="UTF-8"?>\n${text}`;
}

export function downloadSvg(layout: DiagramLayout, title: string, fileName: string): void {
  saveBlob(`${fileName}.svg`, new Blob([diagramSvgText(layout, title)], { type: "image/svg+xml" }));
}

/** The scale of the PNG: twice the drawing's size for sharp text, less when that is too big a canvas. */
export function pngScale(width: number, height: number): number {
  return Math.min(2, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(MAX_PIXELS / (width * height)));
}

export async function downloadPng(layout: DiagramLayout, title: string, fileName: string): Promise<void> {
  const text = diagramSvgText(layout, title);
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const width = layout.width + 2 * MARGIN;
    const height = layout.height + 2 * MARGIN;
    const scale = pngScale(width, height);
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.floor(width * scale));
    canvas.height = Math.max(1, Math.floor(height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("the canvas made no PNG");
    saveBlob(`${fileName}.png`, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}
