import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { parisClock } from '#domain/format.ts';
import { PHOTO_LIMITS } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { AppError } from '#server/errors.ts';

/** The media types a photo may arrive in (the page always sends JPEG). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Decoding stops beyond this many pixels: a small file cannot unfold into a huge bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;
const THUMB_SIDE = 320;

export type ProcessedPhoto = { jpeg: Buffer; thumb: Buffer; width: number; height: number };

/** EXIF's date format, "2026:11:23 14:05:00", in the time of the place (France). */
function exifDate(iso: string): string {
  const { year, month, day, hour, minute, second } = parisClock(iso);
  return `${year}:${month}:${day} ${hour}:${minute}:${second}`;
}

/**
 * Checks a photo again on the server, whatever the browser did: it must be an image sharp can
 * decode, of at most 400 kB. It is decoded and encoded anew: turned upright by its EXIF
 * orientation, no longer than 1600 px, a JPEG whose only metadata is the capture time (no
 * GPS, camera or owner), plus a 320 px thumbnail. Refusals are French, with a meaningful
 * status (413 too large, 422 not an image). `maxInputBytes` lets a caller take a larger file
 * (an expense's receipt chosen on a computer): the result is still at most 400 kB.
 */
export async function processPhoto(
  input: Buffer,
  takenAt: string | null,
  { maxInputBytes = PHOTO_LIMITS.maxBytes, tooLarge = m.photoTooLarge }: { maxInputBytes?: number; tooLarge?: string } = {},
): Promise<ProcessedPhoto> {
  if (input.length > maxInputBytes) throw new AppError('payload_too_large', tooLarge);
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError('validation', m.photoNotImage, { statusCode: 422 });
  }
  if (!['jpeg', 'png', 'webp'].includes(metadata.format ?? '')) throw new AppError('validation', m.photoNotImage, { statusCode: 422 });
  const upright = () =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_LIMITS.maxLongSide, PHOTO_LIMITS.maxLongSide, { fit: 'inside', withoutEnlargement: true });
  try {
    const exif = takenAt ? { IFD2: { DateTimeOriginal: exifDate(takenAt) } } : null;
    let result: { data: Buffer; info: OutputInfo } | null = null;
    // Re-encoding a JPEG already compressed may not make it smaller: lower the quality until it fits.
    for (const quality of [82, 72, 62, 50]) {
      const encoder = upright().jpeg({ quality, mozjpeg: true });
      result = await (exif ? encoder.withExif(exif) : encoder).toBuffer({ resolveWithObject: true });
      if (result.data.length <= PHOTO_LIMITS.maxBytes) break;
    }
    const thumb = await upright()
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer();
    return { jpeg: result!.data, thumb, width: result!.info.width, height: result!.info.height };
  } catch {
    throw new AppError('validation', m.photoNotImage, { statusCode: 422 });
  }
}
