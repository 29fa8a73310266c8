import sharp from 'sharp';

/**
 * Real JPEG files as a phone's camera writes them (test factory, shared by the server suites,
 * the phone journey and the benchmark): a photographic-looking picture (gradients under fine
 * noise, which compresses like a real scene), with the EXIF a camera adds: its make and model,
 * the capture time, a GPS position, and an orientation (6: held upright, stored on its side).
 */
export async function cameraJpeg({
  width = 4000,
  height = 3000,
  orientation = 1,
  takenAt = '2026:11:20 09:15:00',
  seed = 1,
  quality = 90,
}: { width?: number; height?: number; orientation?: number; takenAt?: string; seed?: number; quality?: number } = {}): Promise<Buffer> {
  // A small noisy picture blown up: the texture of a photo, made quickly.
  const small = { width: Math.ceil(width / 8), height: Math.ceil(height / 8) };
  const pixels = Buffer.alloc(small.width * small.height * 3);
  let state = seed * 2_654_435_761;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  for (let y = 0; y < small.height; y += 1) {
    for (let x = 0; x < small.width; x += 1) {
      const at = (y * small.width + x) * 3;
      pixels[at] = Math.min(255, (x / small.width) * 200 + random() * 55 + seed * 7);
      pixels[at + 1] = Math.min(255, (y / small.height) * 180 + random() * 60);
      pixels[at + 2] = Math.min(255, 90 + random() * 120);
    }
  }
  return sharp(pixels, { raw: { ...small, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .blur(0.6)
    .jpeg({ quality })
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'Convoyage-Test', Model: 'Phone 12', Orientation: String(orientation) },
      IFD2: { DateTimeOriginal: takenAt },
      IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' },
    })
    .toBuffer();
}
