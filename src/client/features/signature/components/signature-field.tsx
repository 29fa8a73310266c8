import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';
import type { SignatureDrawing } from '#domain/schemas/signature.ts';
import { signatureTexts as s } from '#domain/texts-signature.ts';
import styles from './signature.module.css';

/**
 * A pad to draw the signature with a finger, a pen or the mouse (signature_pad). Reports the
 * strokes as points in the pad's CSS pixels, or null once cleared.
 */
export function SignatureField({ onChange, error }: { onChange: (drawing: SignatureDrawing | null) => void; error?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const id = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#16265c', minWidth: 0.8, maxWidth: 2.4 });
    padRef.current = pad;
    const report = () => {
      const traits = pad.toData().map((group) => group.points.map((point): [number, number] => [Math.round(point.x), Math.round(point.y)]));
      onChange(pad.isEmpty() ? null : { largeur: canvas.offsetWidth, hauteur: canvas.offsetHeight, traits });
    };
    // Sharp on high-density screens: the bitmap follows the device pixels, the strokes the CSS pixels.
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(data);
    };
    resize();
    pad.addEventListener('endStroke', report);
    window.addEventListener('resize', resize);
    return () => {
      pad.removeEventListener('endStroke', report);
      window.removeEventListener('resize', resize);
      pad.off();
    };
  }, [onChange]);

  return (
    <div className={styles.padField}>
      <label htmlFor={id} className={styles.padLabel}>
        {s.drawLabel}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {s.drawHint}
      </p>
      <canvas
        ref={canvasRef}
        id={id}
        className={styles.pad}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        data-testid="signature-pad"
      />
      <button
        type="button"
        className={styles.clear}
        onClick={() => {
          padRef.current?.clear();
          onChange(null);
        }}
      >
        {s.clear}
      </button>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
