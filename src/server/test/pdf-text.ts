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
