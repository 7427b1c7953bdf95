import { Link } from 'react-router';
import { Section } from '../../../../components/catalogue-blocks/section';
import { ImageWithFallback } from '../../../../components/image-with-fallback';
import { useHotMedicines } from '../../api/get-hot-medicines';
import { medicineHref } from '../medicine-card';
import { formatYuan } from '../money';

/** Hot card: this week's best sellers (`admin/medicine/hot/week`, ranked by units sold). */
export function HomeHotCard() {
  const { data, isLoading, isError } = useHotMedicines('week', 6);
  return (
    <Section title="本周热销" loading={isLoading} error={isError} empty={data?.length === 0}>
      <ol className="cat-rank" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data?.map((m, i) => (
          <li key={m.id}>
            <Link to={medicineHref(m.id)} className="cat-rank-item">
              <span className="cat-rank-no" data-top={i < 3}>
                {i + 1}
              </span>
              <ImageWithFallback src={m.image ?? undefined} alt={m.name} width={56} height={56} loading="lazy" />
              <span style={{ display: 'grid', minWidth: 0 }}>
                <span className="cat-ellipsis">{m.name}</span>
                <span className="cat-muted cat-ellipsis" style={{ fontSize: 12 }}>
                  {m.spec} · 本周售出 {m.units_sold} 件
                </span>
                <span className="cat-price">{formatYuan(m.min_price)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </Section>
  );
}
