import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import SignaturePad from 'signature_pad';
import type { Stroke } from '@rian/proto-contracts/learning-terms';

export interface SignaturePadHandle {
  isEmpty: () => boolean;
  clear: () => void;
  strokes: () => Stroke[];
  /** the drawing as a PNG data: URL (transparent background) */
  png: () => string;
}

/**
 * The signature pad (signature_pad 5, loaded only with the terms' chunk): a canvas that takes mouse,
 * pen and touch. It fills its box's width (390 px phones included) at up to 2 device pixels per CSS
 * pixel, keeping what was drawn when the box is resized. Pointer-only by nature: a keyboard user
 * cannot draw, and everything around it (clear, the checkbox, confirm) is reachable by keyboard.
 */
export function SignaturePadField({
  ref,
  label,
  onChange,
}: {
  ref: Ref<SignaturePadHandle>;
  label: string;
  onChange: (empty: boolean) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const el = canvas.current!;
    const p = new SignaturePad(el, { penColor: '#111827', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = p;
    const fit = () => {
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
      const data = p.toData();
      el.width = Math.round(el.offsetWidth * ratio);
      el.height = Math.round(el.offsetHeight * ratio);
      el.getContext('2d')?.scale(ratio, ratio);
      p.clear();
      if (data.length) p.fromData(data);
    };
    fit();
    const ended = () => changed.current(p.isEmpty());
    p.addEventListener('endStroke', ended);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      p.removeEventListener('endStroke', ended);
      p.off();
      pad.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    clear: () => {
      pad.current?.clear();
      changed.current(true);
    },
    strokes: () =>
      (pad.current?.toData() ?? []).map((g) => ({
        penColor: g.penColor,
        dotSize: g.dotSize,
        minWidth: g.minWidth,
        maxWidth: g.maxWidth,
        velocityFilterWeight: g.velocityFilterWeight,
        compositeOperation: g.compositeOperation,
        points: g.points.map(({ x, y, pressure, time }) => ({ x, y, pressure, time })),
      })),
    png: () => pad.current?.toDataURL('image/png') ?? '',
  }));

  return <canvas ref={canvas} className="terms__pad" role="img" aria-label={label} data-testid="terms-pad" />;
}
