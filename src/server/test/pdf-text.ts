/** The pages (size in points) and the text of a PDF, as a PDF reader sees them. */
export async function readPdf(content: Buffer): Promise<{ pages: { width: number; height: number }[]; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(content), verbosity: 0, isEvalSupported: false }).promise;
  const pages: { width: number; height: number }[] = [];
  let text = '';
  for (let index = 1; index <= document.numPages; index += 1) {
    const page = await document.getPage(index);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    pages.push({ width: x1 - x0, height: y1 - y0 });
    const content = await page.getTextContent();
    text += `${content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join('')}\n`;
  }
  await document.destroy();
  return { pages, text };
}

/** A path a PDF strokes: its points, in page coordinates. */
export type PdfStroke = { page: number; points: [number, number][] };

/**
 * The paths a PDF strokes in `colour` (e.g. the signatures' ink), page by page, as a PDF
 * reader draws them: one entry per stroked path, its points in the order they are joined.
 */
export async function strokesInColour(content: Buffer, colour: string): Promise<PdfStroke[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { OPS } = pdfjs;
  // pdf.js's own path codes inside a constructPath (DrawOPS): move, line, curve, close.
  const MOVE_TO = 0;
  const LINE_TO = 1;
  const CURVE_TO = 2;
  const QUADRATIC_CURVE_TO = 3;
  const document = await pdfjs.getDocument({ data: new Uint8Array(content), verbosity: 0, isEvalSupported: false }).promise;
  const strokes: PdfStroke[] = [];
  for (let index = 1; index <= document.numPages; index += 1) {
    const { fnArray, argsArray } = await (await document.getPage(index)).getOperatorList();
    let current = '';
    const saved: string[] = [];
    fnArray.forEach((fn, at) => {
      const args = argsArray[at] as unknown[];
      if (fn === OPS.save) saved.push(current);
      else if (fn === OPS.restore) current = saved.pop() ?? '';
      else if (fn === OPS.setStrokeRGBColor) current = String(args[0]).toLowerCase();
      else if (fn === OPS.constructPath && args[0] === OPS.stroke && current === colour.toLowerCase()) {
        const data = Object.values((args[1] as ArrayLike<number>[])[0] ?? []) as number[];
        const points: [number, number][] = [];
        for (let i = 0; i < data.length;) {
          const code = data[i]!;
          if (code === MOVE_TO || code === LINE_TO) {
            points.push([data[i + 1]!, data[i + 2]!]);
            i += 3;
          } else i += code === CURVE_TO ? 7 : code === QUADRATIC_CURVE_TO ? 5 : 1;
        }
        strokes.push({ page: index, points });
      }
    });
  }
  await document.destroy();
  return strokes;
}
