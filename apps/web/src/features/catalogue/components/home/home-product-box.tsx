import { Link } from 'react-router';
import { Section } from '../../../../components/catalogue-blocks/section';
import { ImageWithFallback } from '../../../../components/image-with-fallback';
import { useCmsItems } from '../../api/get-cms-items';
import { medicineHref } from '../medicine-card';

/** Product box: the operator's `top_sales` selection (product, title, image). */
export function HomeProductBox() {
  const { data, isLoading, isError } = useCmsItems('top_sales');
  return (
    <Section
      title="热销好药"
      extra={<Link to="/medicine/list?sort=sales">更多</Link>}
      loading={isLoading}
      error={isError}
      empty={data?.length === 0}
    >
      <div className="cat-grid">
        {data?.map((t) => (
          <Link key={t.id} to={medicineHref(t.product_id)} className="cat-card">
            <ImageWithFallback src={t.image} alt={t.title} width={160} height={160} loading="lazy" />
            <span className="cat-card-title">{t.title}</span>
          </Link>
        ))}
      </div>
    </Section>
  );
}
