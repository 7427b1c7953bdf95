import { Link } from 'react-router';
import { Section } from '../../../../components/catalogue-blocks/section';
import { ImageWithFallback } from '../../../../components/image-with-fallback';
import { useCmsItems } from '../../api/get-cms-items';
import { safeLink } from './safe-link';

/** Carousel: the `entry_2` feature cards in a horizontally scrolling row. */
export function HomeCarousel() {
  const { data, isLoading, isError } = useCmsItems('entry_2');
  return (
    <Section title="专题推荐" loading={isLoading} error={isError} empty={data?.length === 0}>
      <div className="cat-scroller">
        {data?.map((e) => (
          <Link key={e.id} to={safeLink(e.link)} className="cat-card">
            <ImageWithFallback
              src={e.image}
              alt={e.title}
              width={480}
              height={240}
              loading="lazy"
              style={{ aspectRatio: '2 / 1' }}
            />
            <span className="cat-card-title">{e.title}</span>
            <span className="cat-muted cat-ellipsis" style={{ fontSize: 12 }}>
              {e.subtitle}
            </span>
          </Link>
        ))}
      </div>
    </Section>
  );
}
