import type { SignatureDrawing } from '#domain/schemas/signature.ts';

/** The colour signatures are drawn in, on every document (a test finds the strokes by it). */
export const INK = '#16265c';

/** The strokes scaled into `area` (kept in proportion, centred), as round-capped lines (signed quotes and inspection reports). */
export function drawStrokes(
  doc: PDFKit.PDFDocument,
  drawing: SignatureDrawing,
  area: { x: number; y: number; width: number; height: number },
) {
  const points = drawing.traits.flat();
  if (points.length === 0) return;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min(area.width / Math.max(maxX - minX, 1), area.height / Math.max(maxY - minY, 1), 1.5);
  const offsetX = area.x + (area.width - (maxX - minX) * scale) / 2;
  const offsetY = area.y + (area.height - (maxY - minY) * scale) / 2;
  const at = ([x, y]: [number, number]): [number, number] => [offsetX + (x - minX) * scale, offsetY + (y - minY) * scale];
  doc.save().lineWidth(1.3).lineCap('round').lineJoin('round').strokeColor(INK).fillColor(INK);
  for (const stroke of drawing.traits) {
    if (stroke.length === 0) continue;
    const [first, ...rest] = stroke.map(at);
    if (rest.length === 0) {
      doc.circle(first![0], first![1], 0.8).fill();
      continue;
    }
    doc.moveTo(...first!);
    for (const point of rest) doc.lineTo(...point);
    doc.stroke();
  }
  doc.restore();
}
