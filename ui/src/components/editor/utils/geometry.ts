import { EDITOR_LIMITS } from '@evergrade/contracts';

export type Size = { width: number; height: number };
export type Rect = { x: number; y: number; width: number; height: number };
export type Bounds = { minX: number; minY: number; maxX: number; maxY: number };

/** Scaled down (never up) to fit inside max, keeping the aspect ratio; whole pixels, at least 1. */
export function fitWithin(size: Size, max: Size = { width: EDITOR_LIMITS.imageMaxWidth, height: EDITOR_LIMITS.imageMaxHeight }): Size {
  if (!(size.width > 0) || !(size.height > 0)) return { width: max.width, height: max.height };
  const scale = Math.min(1, max.width / size.width, max.height / size.height);
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * The size after dragging the corner handle by dx (dy is folded in by the larger relative change),
 * keeping the aspect ratio, neither side below minSide.
 */
export function resizeKeepingAspect(start: Size, dx: number, dy: number, minSide: number = EDITOR_LIMITS.imageMinSide): Size {
  const byX = (start.width + dx) / start.width;
  const byY = (start.height + dy) / start.height;
  const wanted = Math.abs(byX - 1) >= Math.abs(byY - 1) ? byX : byY;
  const scale = Math.max(wanted, minSide / start.width, minSide / start.height);
  return { width: Math.round(start.width * scale), height: Math.round(start.height * scale) };
}

/** Grows bounds to cover a dab of the brush at (x, y). */
export function extendBounds(bounds: Bounds | null, x: number, y: number, brush: number): Bounds {
  const r = brush / 2;
  if (!bounds) return { minX: x - r, minY: y - r, maxX: x + r, maxY: y + r };
  return {
    minX: Math.min(bounds.minX, x - r),
    minY: Math.min(bounds.minY, y - r),
    maxX: Math.max(bounds.maxX, x + r),
    maxY: Math.max(bounds.maxY, y + r),
  };
}

/** One side of the crop: the drawn span plus the margin, widened about its centre to the minimum, kept on the canvas. */
function cropSpan(min: number, max: number, limit: number, margin: number, minSide: number): [number, number] {
  let start = Math.max(0, Math.floor(min - margin));
  let end = Math.min(limit, Math.ceil(max + margin));
  const side = Math.min(minSide, limit);
  if (end - start < side) {
    const centre = (start + end) / 2;
    start = Math.round(centre - side / 2);
    end = start + side;
    if (start < 0) [start, end] = [0, side];
    if (end > limit) [start, end] = [limit - side, limit];
  }
  return [start, end];
}

/** The part of the canvas a drawing is saved as: what was drawn, a 10 px margin, at least 50 px a side. */
export function cropRect(
  bounds: Bounds,
  canvas: Size = { width: EDITOR_LIMITS.canvasWidth, height: EDITOR_LIMITS.canvasHeight },
  margin: number = EDITOR_LIMITS.cropMargin,
  minSide: number = EDITOR_LIMITS.cropMinSide,
): Rect {
  const [x0, x1] = cropSpan(bounds.minX, bounds.maxX, canvas.width, margin, minSide);
  const [y0, y1] = cropSpan(bounds.minY, bounds.maxY, canvas.height, margin, minSide);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

export const drawingFileName = (now: number = Date.now()) => `drawing-${now}.png`;
