import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Section } from '../../../../components/catalogue-blocks/section';
import { ImageWithFallback } from '../../../../components/image-with-fallback';
import { useCmsItems } from '../../api/get-cms-items';
import { safeLink } from './safe-link';

const AUTO_MS = 5000;

/** Swiper: the `home_swiper` banners, a CSS scroll-snap track advanced every 5 s (no slider library). */
export function HomeSwiper() {
  const { data, isLoading, isError } = useCmsItems('home_swiper');
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const count = data?.length ?? 0;

  const go = (i: number) => {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: el.clientWidth * i, behavior: 'smooth' });
    setIndex(i);
  };

  useEffect(() => {
    if (count < 2 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      const el = track.current;
      if (!el) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: el.clientWidth * next, behavior: 'smooth' });
      setIndex(next);
    }, AUTO_MS);
    return () => window.clearInterval(timer);
  }, [count]);

  if (!isLoading && !isError && count === 0) return null;
  if (isLoading || isError) return <Section title="轮播图" loading={isLoading} error={isError} />;
  return (
    <section className="cat-swiper" aria-roledescription="轮播" aria-label="首页轮播图">
      <div
        className="cat-swiper-track"
        ref={track}
        onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
      >
        {data?.map((s, i) => (
          <Link key={s.id} to={safeLink(s.link)} className="cat-swiper-slide" aria-label={s.title}>
            <ImageWithFallback
              src={s.image}
              alt={s.title}
              width={1200}
              height={400}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              style={{ width: '100%', height: 'auto', aspectRatio: '3 / 1' }}
            />
            <span className="cat-swiper-caption">{s.title}</span>
          </Link>
        ))}
      </div>
      <div className="cat-swiper-dots">
        {data?.map((s, i) => (
          <button
            key={s.id}
            type="button"
            aria-label={`第 ${i + 1} 张：${s.title}`}
            aria-current={i === index}
            onClick={() => go(i)}
          />
        ))}
      </div>
    </section>
  );
}
