import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';
import type { SignatureDrawing } from '#domain/schemas/signature.ts';
import styles from './signature-pad.module.css';

type SignaturePadFieldProps = {
  label: string;
  hint: string;
  clearLabel: string;
  error?: string;
  /** A drawing kept earlier (a reload): drawn again, scaled to the pad's present size. */
  initial?: SignatureDrawing | null;
  onChange: (drawing: SignatureDrawing | null) => void;
};

const PEN = { penColor: '#16265c', minWidth: 0.8, maxWidth: 2.4 };

/**
 * A pad to sign with a finger, a pen or the mouse (signature_pad). Reports the strokes as
 * points in the pad's CSS pixels, or null once cleared; draws a kept drawing again.
 */
export function SignaturePadField({ label, hint, clearLabel, error, initial, onChange }: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const initialRef = useRef(initial);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const id = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, PEN);
    padRef.current = pad;
    const report = () => {
      const traits = pad.toData().map((group) => group.points.map((point): [number, number] => [Math.round(point.x), Math.round(point.y)]));
      onChangeRef.current(pad.isEmpty() ? null : { largeur: canvas.offsetWidth, hauteur: canvas.offsetHeight, traits });
    };
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(data);
    };
    resize();
    const kept = initialRef.current;
    if (kept && kept.traits.length > 0) {
      const sx = canvas.offsetWidth / kept.largeur;
      const sy = canvas.offsetHeight / kept.hauteur;
      pad.fromData(
        kept.traits.map((points) => ({
          ...PEN,
          dotSize: 0,
          velocityFilterWeight: 0.7,
          compositeOperation: 'source-over' as const,
          points: points.map(([x, y]) => ({ x: x * sx, y: y * sy, time: 0, pressure: 0.5 })),
        })),
      );
    }
    pad.addEventListener('endStroke', report);
    window.addEventListener('resize', resize);
    return () => {
      pad.removeEventListener('endStroke', report);
      window.removeEventListener('resize', resize);
      pad.off();
    };
  }, []);

  return (
    <div className={styles.field}>
      <label id={`${id}-label`} htmlFor={id} className={styles.label}>
        {label}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <canvas
        ref={canvasRef}
        id={id}
        className={styles.pad}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      <button
        type="button"
        className={styles.clear}
        onClick={() => {
          padRef.current?.clear();
          onChange(null);
        }}
      >
        {clearLabel}
      </button>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
