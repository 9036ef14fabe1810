// The homepage hero: a Glide slider of coast scenes. The first slide is
// server-rendered as a plain image, so the page paints before Glide loads;
// Glide loads only when the slider is used beyond it (see below).
// Also the banners of other pages: PageHero (under a transparent header) and
// CtaBand (a call to action across the page).
import { useEffect, useRef, type ReactNode } from 'react';
import { t, tList } from '../../shared/i18n.ts';
import slide1 from '../assets/hero-1.svg';
import slide2 from '../assets/hero-2.svg';
import slide3 from '../assets/hero-3.svg';

interface Slide {
  title: string;
  text: string;
  alt: string;
}

const IMAGES = [slide1, slide2, slide3];

/** How long a slide stays before the next one (and before Glide loads for it). */
const AUTOPLAY_MS = 6000;

export function HeroSlider() {
  const root = useRef<HTMLDivElement>(null);
  const slides = tList<Slide>('home.slides');

  // Glide loads when the slider is used beyond its first slide: when the
  // visitor reaches for it (pointer, focus, touch) or, for visitors who do not
  // ask for less motion, when the first slide's time is up (then it moves on).
  useEffect(() => {
    const hero = root.current;
    if (!hero) return;
    let glide: { destroy(): void; go(pattern: string): void } | undefined;
    let cancelled = false;
    let started = false;
    /** An arrow pressed before Glide was there: played once it is. */
    let asked: string | null = null;
    // No automatic sliding or slide animation for visitors who ask for less motion.
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const intents = ['pointerenter', 'focusin', 'touchstart'] as const;
    const start = () => {
      if (started) return;
      started = true;
      clearTimeout(timer);
      for (const name of intents) hero.removeEventListener(name, start);
      import('@glidejs/glide').then(
        ({ default: Glide }) => {
          if (cancelled || !root.current) return;
          glide = new Glide(root.current, {
            type: 'carousel',
            autoplay: still ? false : AUTOPLAY_MS,
            hoverpause: true,
            animationDuration: still ? 0 : 600,
          }).mount();
          if (asked) glide.go(asked);
        },
        () => {
          // The slider's code did not load: the slides stay a plain list, still readable.
        },
      );
    };
    const onClick = (event: MouseEvent) => {
      const arrow = event.target instanceof Element ? event.target.closest('[data-glide-dir]') : null;
      if (glide || !arrow) return;
      asked = arrow.getAttribute('data-glide-dir');
      start();
    };
    const timer = still
      ? undefined
      : setTimeout(() => {
          asked = '>';
          start();
        }, AUTOPLAY_MS);
    for (const name of intents) hero.addEventListener(name, start, { passive: true });
    hero.addEventListener('click', onClick);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      for (const name of intents) hero.removeEventListener(name, start);
      hero.removeEventListener('click', onClick);
      glide?.destroy();
    };
  }, []);

  return (
    <div className="hero glide" ref={root} role="region" aria-roledescription="carousel" aria-label={t('home.slidesLabel')}>
      <div className="glide__track" data-glide-el="track">
        <ul className="glide__slides">
          {slides.map((slide, i) => (
            <li
              className="glide__slide hero__slide"
              key={slide.title}
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${slides.length}`}
            >
              <img
                className={`hero__image hero__image--${(i % IMAGES.length) + 1}`}
                src={IMAGES[i % IMAGES.length]}
                alt={slide.alt}
                width={1600}
                height={700}
                fetchPriority={i === 0 ? 'high' : 'low'}
              />
              <div className="hero__caption container">
                <p className="hero__title">{slide.title}</p>
                <p className="hero__text">{slide.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="glide__arrows" data-glide-el="controls">
        <button type="button" className="glide__arrow glide__arrow--left" data-glide-dir="<" aria-label={t('home.previous')}>
          ‹
        </button>
        <button type="button" className="glide__arrow glide__arrow--right" data-glide-dir=">" aria-label={t('home.next')}>
          ›
        </button>
      </div>
    </div>
  );
}

/**
 * The banner at the top of a page whose header is transparent (franchise,
 * living, a partner's home): the page's <h1> over one of the coast pictures,
 * shaded in the brand colour.
 */
export function PageHero({
  eyebrow,
  title,
  lead,
  image = 1,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  image?: 1 | 2 | 3;
  children?: ReactNode;
}) {
  return (
    <section className="page-hero">
      <img className="page-hero__image" src={IMAGES[image - 1]} alt="" width={1600} height={700} fetchPriority="high" />
      <div className="container page-hero__content">
        {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
        <h1 className="page-hero__title">{title}</h1>
        {lead && <p className="page-hero__lead">{lead}</p>}
        {children && <div className="page-hero__actions">{children}</div>}
      </div>
    </section>
  );
}

/** A call to action across the page, in the brand colour. */
export function CtaBand({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="container">
        <div className="cta-band">
          <div>
            <h2 id={id}>{title}</h2>
            <p>{text}</p>
          </div>
          <div className="actions">{children}</div>
        </div>
      </div>
    </section>
  );
}
