import { describe, expect, it } from 'vitest';
import { cropRect, drawingFileName, extendBounds, fitWithin, resizeKeepingAspect } from './geometry';

describe('fitWithin (600 x 400)', () => {
  it('scales a large image down by its tighter side, keeping the aspect ratio', () => {
    expect(fitWithin({ width: 1200, height: 600 })).toEqual({ width: 600, height: 300 });
    expect(fitWithin({ width: 1000, height: 1000 })).toEqual({ width: 400, height: 400 });
    expect(fitWithin({ width: 300, height: 1200 })).toEqual({ width: 100, height: 400 });
  });

  it('leaves a small image at its own size', () => {
    expect(fitWithin({ width: 120, height: 80 })).toEqual({ width: 120, height: 80 });
  });
});

describe('resizeKeepingAspect', () => {
  it('follows the drag, keeping the ratio', () => {
    expect(resizeKeepingAspect({ width: 200, height: 100 }, 100, 0)).toEqual({ width: 300, height: 150 });
    expect(resizeKeepingAspect({ width: 200, height: 100 }, 0, -50)).toEqual({ width: 100, height: 50 });
  });

  it('stops at 20 px on the shorter side', () => {
    expect(resizeKeepingAspect({ width: 200, height: 100 }, -1000, 0)).toEqual({ width: 40, height: 20 });
    expect(resizeKeepingAspect({ width: 50, height: 50 }, -49, -49)).toEqual({ width: 20, height: 20 });
  });
});

describe('cropRect (canvas 700 x 450, margin 10, minimum 50)', () => {
  it('keeps a 10 px margin around what was drawn', () => {
    let b = extendBounds(null, 100, 100, 4);
    b = extendBounds(b, 300, 200, 4);
    expect(b).toEqual({ minX: 98, minY: 98, maxX: 302, maxY: 202 });
    expect(cropRect(b)).toEqual({ x: 88, y: 88, width: 224, height: 124 });
  });

  it('widens a small drawing to 50 px about its centre', () => {
    expect(cropRect({ minX: 200, minY: 200, maxX: 205, maxY: 210 })).toEqual({ x: 178, y: 180, width: 50, height: 50 });
  });

  it('stays on the canvas at the edges', () => {
    expect(cropRect({ minX: 0, minY: 0, maxX: 5, maxY: 5 })).toEqual({ x: 0, y: 0, width: 50, height: 50 });
    expect(cropRect({ minX: 695, minY: 440, maxX: 700, maxY: 450 })).toEqual({ x: 650, y: 400, width: 50, height: 50 });
    expect(cropRect({ minX: -3, minY: 10, maxX: 703, maxY: 20 })).toEqual({ x: 0, y: 0, width: 700, height: 50 });
  });
});

it('names a drawing by its timestamp', () => {
  expect(drawingFileName(1700000000000)).toBe('drawing-1700000000000.png');
});
