import exifr from 'exifr/dist/mini.esm.mjs';
import { PHOTO_LIMITS } from '#domain/schemas/missions.ts';

export type CompressedPhoto = { blob: Blob; width: number; height: number; takenAt: string | null };

/**
 * When the photo was taken: the camera's EXIF time (a time of the place, read as the phone's
 * own time zone), else the file's date. Null when neither is known.
 */
async function captureTime(file: File): Promise<string | null> {
  try {
    const exif = (await exifr.parse(file, { pick: ['DateTimeOriginal'] })) as { DateTimeOriginal?: Date } | undefined;
    const taken = exif?.DateTimeOriginal;
    if (taken instanceof Date && !Number.isNaN(taken.getTime())) return taken.toISOString();
  } catch {
    // No EXIF (a screenshot, a PNG): the file's date will do.
  }
  return file.lastModified ? new Date(file.lastModified).toISOString() : null;
}

async function toJpeg(canvas: HTMLCanvasElement | OffscreenCanvas, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), 'image/jpeg', quality),
  );
}

function makeCanvas(width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * A camera's photo made fit to send from a car park: decoded upright (the EXIF orientation
 * applied by the browser), no longer than 1600 px, re-encoded as a JPEG of at most 400 kB,
 * lowering the quality, then the size, until it fits. Drawing it on a canvas drops every
 * EXIF field (position, camera, owner); only the capture time travels, beside the file. The
 * server checks all of it again.
 */
export async function compressPhoto(file: File): Promise<CompressedPhoto> {
  const [bitmap, takenAt] = await Promise.all([createImageBitmap(file, { imageOrientation: 'from-image' }), captureTime(file)]);
  try {
    let scale = Math.min(1, PHOTO_LIMITS.maxLongSide / Math.max(bitmap.width, bitmap.height));
    for (;;) {
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = makeCanvas(width, height);
      const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
      if (!context) throw new Error('no 2d context');
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      for (const quality of [0.82, 0.72, 0.62, 0.52]) {
        const blob = await toJpeg(canvas, quality);
        // A little under the server's limit: its own re-encoding must fit too.
        if (blob.size <= PHOTO_LIMITS.maxBytes * 0.95) return { blob, width, height, takenAt };
      }
      scale *= 0.8;
    }
  } finally {
    bitmap.close();
  }
}
