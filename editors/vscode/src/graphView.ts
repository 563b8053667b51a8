// The resource graph view's zoom and pan: where the drawing sits in the
// panel, as a translation and a scale. Pure arithmetic, free of the DOM,
// so node tests hold it.

export interface Size {
  width: number;
  height: number;
}

/** The drawing at (x, y) in the panel, scaled by k. */
export interface Transform {
  x: number;
  y: number;
  k: number;
}

/** Room left between the fitted drawing and the panel's edges (px). */
export const FIT_MARGIN = 12;
/** The largest zoom; fitting never enlarges past 1 (a small graph keeps its size). */
export const MAX_ZOOM = 4;
/** The smallest zoom, unless fitting a huge graph needs less. */
export const MIN_ZOOM = 0.05;
/** One step of the zoom buttons and keys. */
export const ZOOM_STEP = 1.25;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The transform that shows all of content in view, centred, scaled down
 * as much as it needs and never up: a template of two resources stays at
 * its natural size, one of a thousand shrinks to the panel.
 */
export function fitTransform(content: Size, view: Size): Transform {
  if (!(content.width > 0 && content.height > 0 && view.width > 0 && view.height > 0)) {
    return { x: 0, y: 0, k: 1 };
  }
  const room = { width: Math.max(1, view.width - 2 * FIT_MARGIN), height: Math.max(1, view.height - 2 * FIT_MARGIN) };
  const k = Math.min(1, room.width / content.width, room.height / content.height);
  return { x: (view.width - content.width * k) / 2, y: (view.height - content.height * k) / 2, k };
}

/**
 * t zoomed by factor about the panel point (px, py), which stays where it
 * is (the point under the mouse, or the panel's centre), within the zoom
 * limits; minZoom lets a fitted huge graph zoom out to its fit again.
 */
export function zoomAt(t: Transform, factor: number, px: number, py: number, minZoom = MIN_ZOOM): Transform {
  const k = clamp(t.k * factor, Math.min(minZoom, MIN_ZOOM), MAX_ZOOM);
  const f = k / t.k;
  return { x: px - (px - t.x) * f, y: py - (py - t.y) * f, k };
}

/** t moved by (dx, dy) panel pixels. */
export function panBy(t: Transform, dx: number, dy: number): Transform {
  return { x: t.x + dx, y: t.y + dy, k: t.k };
}

/** The CSS transform that puts the drawing where t says. */
export function cssTransform(t: Transform): string {
  return `translate(${t.x.toFixed(2)}px, ${t.y.toFixed(2)}px) scale(${t.k.toFixed(5)})`;
}

/**
 * The drawing's natural size in CSS pixels from the width and height
 * Graphviz writes on its <svg> (points, "936pt"; plain numbers are pixels).
 */
export function svgSize(width: string | null, height: string | null): Size {
  const px = (v: string | null) => {
    const m = /^\s*([\d.]+)\s*(pt|px)?\s*$/.exec(v ?? '');
    return m ? Number(m[1]) * (m[2] === 'pt' ? 4 / 3 : 1) : 0;
  };
  return { width: px(width), height: px(height) };
}

/** What a key does to the view, if anything. */
export type KeyAction = { zoom: number } | { pan: [number, number] } | { fit: true } | undefined;

/** The step of an arrow key (px); with Shift, four times as far. */
export const PAN_STEP = 60;

/** The view's keys: + and = zoom in, - zooms out, 0 fits, the arrows pan. */
export function keyAction(key: string, shift: boolean): KeyAction {
  const step = shift ? 4 * PAN_STEP : PAN_STEP;
  switch (key) {
    case '+':
    case '=':
      return { zoom: ZOOM_STEP };
    case '-':
    case '_':
      return { zoom: 1 / ZOOM_STEP };
    case '0':
      return { fit: true };
    // An arrow moves the view over the drawing: the drawing moves the other way.
    case 'ArrowLeft':
      return { pan: [step, 0] };
    case 'ArrowRight':
      return { pan: [-step, 0] };
    case 'ArrowUp':
      return { pan: [0, step] };
    case 'ArrowDown':
      return { pan: [0, -step] };
  }
  return undefined;
}
