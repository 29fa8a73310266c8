import QRCode from 'qrcode';

/**
 * QR codes drawn where our documents need them: in a PDF as vector squares (sharp at any zoom,
 * nothing to embed, PDF/A-safe), or as a PNG file for an e-mail. Error correction M, the level
 * the EPC payment code requires; the version is the smallest that holds the text.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, { x, y, size }: { x: number; y: number; size: number }): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  // Four modules of quiet zone on each side, as the QR standard asks.
  const cell = size / (count + 8);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.modules.get(row, column)) doc.rect(x + (column + 4) * cell, y + (row + 4) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc.restore();
}

/** The same code as a PNG image (e-mail attachment). */
export function qrCodePng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 8, type: 'png' });
}

/** The same code as an SVG data URL (a page's <img>). */
export async function qrCodeSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
