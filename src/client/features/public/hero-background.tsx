import { useEffect, useState } from 'react';
import { publicTexts } from '#domain/texts/common.ts';
import { HERO_IMAGES, HERO_ROTATION_MS, PHONE_MEDIA, type HeroImage } from './hero-images.ts';
import { usePrefersReducedMotion, useHeroRotation } from './use-hero-rotation.ts';
import styles from './hero-background.module.css';

function HeroPicture({ image, isFirst }: { image: HeroImage; isFirst: boolean }) {
  return (
    <picture>
      <source media={PHONE_MEDIA} type="image/avif" srcSet={image.phone.avif} sizes="100vw" />
      <source media={PHONE_MEDIA} type="image/webp" srcSet={image.phone.webp} sizes="100vw" />
      <source type="image/avif" srcSet={image.wide.avif} sizes="100vw" />
      <source type="image/webp" srcSet={image.wide.webp} sizes="100vw" />
      <img
        className={styles.image}
        src={image.fallback}
        alt=""
        width={1600}
        height={1000}
        decoding="async"
        // The first picture is the page's largest paint: fetched at once, at high priority.
        fetchPriority={isFirst ? 'high' : 'low'}
        loading={isFirst ? 'eager' : 'lazy'}
      />
    </picture>
  );
}

/** Waits for the page's own load, so the next pictures never compete with the first paint. */
function useAfterPageLoad(isWanted: boolean): boolean {
  const [isLoaded, setIsLoaded] = useState(false);
  useEffect(() => {
    if (!isWanted || isLoaded) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      timer = setTimeout(() => setIsLoaded(true), 1000);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [isWanted, isLoaded]);
  return isLoaded;
}

/**
 * The home page's background: three pictures cross-fading every 15 seconds. It stands still
 * for visitors who ask for reduced motion, while the tab is hidden, and when paused with
 * its button; the next pictures are only downloaded when they will be shown.
 */
export function HeroBackground() {
  const prefersReducedMotion = usePrefersReducedMotion();
  const [isPausedByUser, setIsPausedByUser] = useState(false);
  const isRunning = !prefersReducedMotion && !isPausedByUser;
  const { index: active, isTicking } = useHeroRotation(HERO_IMAGES.length, HERO_ROTATION_MS, isRunning);
  const hasOthers = useAfterPageLoad(isRunning) || active !== 0;

  return (
    <>
      <div className={styles.slides} aria-hidden="true" data-testid="hero-slides" data-active-slide={active} data-ticking={isTicking}>
        {HERO_IMAGES.map((image, index) => (
          <div key={image.fallback} className={styles.slide} data-active={index === active}>
            {index === 0 || hasOthers ? <HeroPicture image={image} isFirst={index === 0} /> : null}
          </div>
        ))}
      </div>
      {prefersReducedMotion ? null : (
        <button type="button" className={styles.pause} aria-pressed={isPausedByUser} onClick={() => setIsPausedByUser((paused) => !paused)}>
          <span aria-hidden="true" className={isPausedByUser ? styles.playIcon : styles.pauseIcon} />
          <span className="visually-hidden">{publicTexts.home.pauseSlideshow}</span>
        </button>
      )}
    </>
  );
}
