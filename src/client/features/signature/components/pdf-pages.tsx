import { useEffect, useRef, useState } from 'react';
import { signatureTexts as s } from '#domain/texts/signature.ts';
import { Message } from '#client/ui/message.tsx';
import styles from './signature.module.css';

/** Hex SHA-256 of what was shown; without Web Crypto (a page not served over HTTPS) the server's own record stands in. */
async function sha256Hex(bytes: Uint8Array, fallback: string): Promise<string> {
  if (!globalThis.crypto?.subtle) return fallback;
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The PDF sent, drawn page by page as images the width of the screen (PDF.js, loaded with this
 * page only), so that it reads on a phone without a PDF viewer. Tells the SHA-256 of the very
 * bytes it drew: the signature is accepted only if they are the ones sent.
 */
export function PdfPages({ url, expectedSha256, onShown }: { url: string; expectedSha256: string; onShown: (sha256: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number } | 'loading' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    const target = container.current;
    async function render() {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`PDF: ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const shown = await sha256Hex(bytes, expectedSha256);
      const pdfjs = await import('pdfjs-dist');
      pdfjs.GlobalWorkerOptions.workerSrc = (await import('pdfjs-dist/build/pdf.worker.min.mjs?url')).default;
      const document = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
      try {
        const width = target?.clientWidth || 360;
        const ratio = Math.min(window.devicePixelRatio || 1, 3);
        for (let index = 1; index <= document.numPages && !cancelled; index += 1) {
          const page = await document.getPage(index);
          const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * ratio });
          const canvas =
            target?.querySelector<HTMLCanvasElement>(`canvas[data-page="${index}"]`) ?? window.document.createElement('canvas');
          canvas.dataset.page = String(index);
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.className = styles.pdfPage!;
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', s.documentPage(index, document.numPages));
          if (!canvas.isConnected) target?.append(canvas);
          await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
        }
        if (!cancelled) {
          setState({ pages: document.numPages });
          onShown(shown);
        }
      } finally {
        await document.destroy();
      }
    }
    render().catch(() => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
    };
  }, [url, expectedSha256, onShown]);

  return (
    <div>
      {state === 'loading' ? <p role="status">{s.documentLoading}</p> : null}
      {state === 'failed' ? <Message kind="error">{s.documentFailure}</Message> : null}
      <div ref={container} className={styles.pdfPages} data-testid="pdf-pages" data-pages={typeof state === 'object' ? state.pages : 0} />
      <p>
        <a href={url} download>
          {s.documentDownload}
        </a>
      </p>
    </div>
  );
}
