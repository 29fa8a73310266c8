/**
 * The three hero backgrounds (drawn for the project by scripts/generate-images.mjs).
 * Phones get a portrait crop; wider screens a landscape picture. index.html preloads the
 * first one with the same URLs, so keep both in step.
 */
export const PHONE_MEDIA = '(max-width: 40rem)';

export type HeroImage = {
  phone: { avif: string; webp: string };
  wide: { avif: string; webp: string };
  fallback: string;
};

function heroImage(n: number): HeroImage {
  const base = `/images/hero-${n}`;
  const set = (format: string, sizes: [string, number][]) => sizes.map(([size, width]) => `${base}-${size}.${format} ${width}w`).join(', ');
  const phone: [string, number][] = [
    ['640x1000', 640],
    ['960x1500', 960],
  ];
  const wide: [string, number][] = [
    ['1024x640', 1024],
    ['1600x1000', 1600],
  ];
  return {
    phone: { avif: set('avif', phone), webp: set('webp', phone) },
    wide: { avif: set('avif', wide), webp: set('webp', wide) },
    fallback: `${base}-1024x640.jpg`,
  };
}

export const HERO_IMAGES: readonly HeroImage[] = [heroImage(1), heroImage(2), heroImage(3)];

/** Spec: the background changes every 15 seconds. */
export const HERO_ROTATION_MS = 15_000;
