// The homepage hero: a Glide slider of coast scenes. The first slide is
// server-rendered as a plain image, so the page paints before Glide loads.
import { useEffect, useRef } from 'react';
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

export function HeroSlider() {
  const root = useRef<HTMLDivElement>(null);
  const slides = tList<Slide>('home.slides');

  useEffect(() => {
    let glide: { destroy(): void } | undefined;
    let cancelled = false;
    import('@glidejs/glide').then(({ default: Glide }) => {
      if (cancelled || !root.current) return;
      glide = new Glide(root.current, { type: 'carousel', autoplay: 6000, hoverpause: true, animationDuration: 600 }).mount();
    });
    return () => {
      cancelled = true;
      glide?.destroy();
    };
  }, []);

  return (
    <div className="hero glide" ref={root} aria-roledescription="carousel" aria-label={t('home.slidesLabel')}>
      <div className="glide__track" data-glide-el="track">
        <ul className="glide__slides">
          {slides.map((slide, i) => (
            <li className="glide__slide hero__slide" key={slide.title} aria-roledescription="slide" aria-label={`${i + 1} / ${slides.length}`}>
              <img className="hero__image" src={IMAGES[i % IMAGES.length]} alt={slide.alt} width={1600} height={700} fetchPriority={i === 0 ? 'high' : 'low'} />
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
