import { Link } from 'react-router';
import { Section } from '../../../../components/catalogue-blocks/section';
import { ImageWithFallback } from '../../../../components/image-with-fallback';
import { useCmsItems } from '../../api/get-cms-items';
import { safeLink } from './safe-link';

/** Card: the `home_entry` quick-entry cards (icon + title). */
export function HomeEntries() {
  const { data, isLoading, isError } = useCmsItems('home_entry');
  return (
    <Section title="快捷入口" loading={isLoading} error={isError} empty={data?.length === 0}>
      <nav aria-label="快捷入口" className="cat-entry-grid">
        {data?.map((e) => (
          <Link key={e.id} to={safeLink(e.link)} className="cat-entry">
            <ImageWithFallback src={e.icon} alt="" width={40} height={40} loading="lazy" />
            <span>{e.title}</span>
          </Link>
        ))}
      </nav>
    </Section>
  );
}
