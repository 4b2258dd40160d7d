import { useCallback, useEffect, useRef, useState } from "react";

export interface View {
  x: number;
  y: number;
  k: number;
}
export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 3;
const clamp = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** The view that zooms `view` by `factor` keeping the point (px, py) of the screen where it is. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const k = clamp(view.k * factor);
  const ratio = k / view.k;
  return { k, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/** The whole drawing centred in the viewport, never enlarged past 1. */
export function fitView(content: { width: number; height: number }, viewport: { width: number; height: number }) {
  const margin = 16;
  const k = clamp(
    Math.min(
      1,
      (viewport.width - 2 * margin) / Math.max(content.width, 1),
      (viewport.height - 2 * margin) / Math.max(content.height, 1),
    ),
  );
  return { k, x: (viewport.width - content.width * k) / 2, y: (viewport.height - content.height * k) / 2 };
}

/**
 * Panning by dragging (mouse, pen, one finger), zooming by the wheel and by pinching, on the
 * element `ref` points at. A drag only captures the pointer once it has moved a few pixels, so a
 * plain click still reaches the table under it.
 */
export function usePanZoom(initial: View) {
  const ref = useRef<SVGSVGElement | null>(null);
  const [view, setView] = useState(initial);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const dragged = useRef(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Not a React handler: React's wheel listeners are passive and cannot keep the page from scrolling.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
      setView((v) => zoomAt(v, factor, event.clientX - box.left, event.clientY - box.top));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, []);

  const onPointerDown = useCallback((event: React.PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    dragged.current = false;
  }, []);

  const onPointerMove = useCallback((event: React.PointerEvent<SVGSVGElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const element = event.currentTarget;
    const now = { x: event.clientX, y: event.clientY };
    if (pointers.current.size === 2) {
      const other = [...pointers.current.entries()].find(([id]) => id !== event.pointerId)?.[1];
      if (other) {
        const before = Math.hypot(last.x - other.x, last.y - other.y);
        const after = Math.hypot(now.x - other.x, now.y - other.y);
        const box = element.getBoundingClientRect();
        if (before > 0) {
          setView((v) => zoomAt(v, after / before, (now.x + other.x) / 2 - box.left, (now.y + other.y) / 2 - box.top));
        }
        dragged.current = true;
      }
    } else {
      const dx = now.x - last.x;
      const dy = now.y - last.y;
      if (!dragged.current && Math.hypot(dx, dy) < 4) return;
      if (!dragged.current) element.setPointerCapture(event.pointerId);
      dragged.current = true;
      setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    }
    pointers.current.set(event.pointerId, now);
  }, []);

  const onPointerUp = useCallback((event: React.PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
  }, []);

  /** A click that ended a drag opens nothing. */
  const onClickCapture = useCallback((event: React.MouseEvent) => {
    if (dragged.current) {
      event.preventDefault();
      event.stopPropagation();
      dragged.current = false;
    }
  }, []);

  return {
    ref,
    view,
    setView,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onClickCapture },
  };
}
