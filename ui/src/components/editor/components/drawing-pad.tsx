import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { EDITOR_LIMITS } from '@evergrade/contracts';
import { Modal } from '../../../components/dialog';
import { cropRect, drawingFileName, extendBounds, type Bounds } from '../utils/geometry';

export const PRESET_COLOURS = [
  { name: 'Black', value: '#111111' },
  { name: 'Red', value: '#e03131' },
  { name: 'Blue', value: '#1c64d8' },
  { name: 'Green', value: '#2b8a3e' },
  { name: 'Orange', value: '#f08c00' },
  { name: 'Purple', value: '#7048e8' },
  { name: 'Brown', value: '#8b5a2b' },
] as const;

const { canvasWidth: W, canvasHeight: H } = EDITOR_LIMITS;

/** The drawn part of the canvas on a white background, as a PNG named drawing-{timestamp}.png. */
export function exportDrawing(canvas: HTMLCanvasElement, bounds: Bounds, now = Date.now()): Promise<File> {
  const crop = cropRect(bounds, { width: canvas.width, height: canvas.height });
  const out = document.createElement('canvas');
  out.width = crop.width;
  out.height = crop.height;
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.reject(new Error('Drawing is not supported in this browser'));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, crop.width, crop.height);
  ctx.drawImage(canvas, crop.x, crop.y, crop.width, crop.height, 0, 0, crop.width, crop.height);
  return new Promise((resolve, reject) =>
    out.toBlob(
      (blob) =>
        blob
          ? resolve(new File([blob], drawingFileName(now), { type: 'image/png' }))
          : reject(new Error('The drawing could not be encoded')),
      'image/png',
    ),
  );
}

type Props = {
  /** Uploads and inserts the drawing; resolves to an error message, or null when it is in the editor. */
  onSave: (file: File) => Promise<string | null>;
  onClose: () => void;
};

/** A 700 x 450 drawing canvas with a 1-20 px brush (5 by default), seven colours, Clear and Save. */
export function DrawingPad({ onSave, onClose }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const bounds = useRef<Bounds | null>(null);
  const [brush, setBrush] = useState<number>(EDITOR_LIMITS.brushDefault);
  const [colour, setColour] = useState<string>(PRESET_COLOURS[0].value);
  const [drawn, setDrawn] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const context = () => canvasRef.current?.getContext('2d') ?? null;
  const clear = () => {
    const ctx = context();
    if (ctx) {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, W, H);
    }
    bounds.current = null;
    setDrawn(false);
  };
  useEffect(clear, []);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - rect.left) * W) / (rect.width || W), y: ((e.clientY - rect.top) * H) / (rect.height || H) };
  };
  const stroke = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const ctx = context();
    if (!ctx) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = brush;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    bounds.current = extendBounds(extendBounds(bounds.current, from.x, from.y, brush), to.x, to.y, brush);
    setDrawn(true);
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = point(e);
    last.current = p;
    stroke(p, p);
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const p = point(e);
    stroke(last.current, p);
    last.current = p;
  };
  const endStroke = () => {
    last.current = null;
  };

  const save = async () => {
    const canvas = canvasRef.current;
    if (!canvas || !bounds.current) return;
    setSaving(true);
    setError(null);
    let message: string | null;
    try {
      message = await onSave(await exportDrawing(canvas, bounds.current));
    } catch (err) {
      message = err instanceof Error ? err.message : String(err);
    }
    setSaving(false);
    if (message) setError(message);
    else onClose();
  };

  return (
    <Modal
      title="Drawing pad"
      role="dialog"
      onEscape={() => !saving && onClose()}
      actions={
        <>
          <button type="button" className="button button-ghost" onClick={clear} disabled={saving || !drawn}>
            Clear
          </button>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={saving} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={() => void save()} disabled={saving || !drawn}>
            {saving ? 'Saving...' : 'Save drawing'}
          </button>
        </>
      }
    >
      <div className="drawing-pad">
        <div className="drawing-tools">
          <label className="drawing-brush">
            <span>Brush size</span>
            <input
              type="range"
              min={EDITOR_LIMITS.brushMin}
              max={EDITOR_LIMITS.brushMax}
              step={1}
              value={brush}
              onChange={(e) => setBrush(Number(e.target.value))}
            />
            <output aria-hidden="true">{brush}px</output>
          </label>
          <div className="drawing-colours" role="radiogroup" aria-label="Colour">
            {PRESET_COLOURS.map((c) => (
              <button
                key={c.value}
                type="button"
                role="radio"
                aria-checked={colour === c.value}
                aria-label={c.name}
                title={c.name}
                className={`drawing-swatch${colour === c.value ? ' is-active' : ''}`}
                style={{ background: c.value }}
                onClick={() => setColour(c.value)}
              />
            ))}
          </div>
        </div>
        <canvas
          ref={canvasRef}
          className="drawing-canvas"
          width={W}
          height={H}
          aria-label="Drawing canvas"
          role="img"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endStroke}
          onPointerCancel={endStroke}
          onPointerLeave={endStroke}
        />
        {error && (
          <p className="rte-alert" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
