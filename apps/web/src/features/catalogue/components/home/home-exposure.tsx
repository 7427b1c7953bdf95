import { EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Section } from '../../../../components/catalogue-blocks/section';
import { ImageWithFallback } from '../../../../components/image-with-fallback';
import { usePharmacies } from '../../api/get-pharmacies';

/** Exposure: the pharmacies on the platform, each with its city and the number of medicines it quotes. */
export function HomeExposure() {
  const { data, isLoading, isError } = usePharmacies({ page: 1, page_size: 6 });
  return (
    <Section
      title="入驻药房"
      extra={<Link to="/pharmacy/list">全部药房{data ? `（${data.total}）` : ''}</Link>}
      loading={isLoading}
      error={isError}
      empty={data?.list.length === 0}
    >
      <div className="cat-rank">
        {data?.list.map((p) => (
          <Link key={p.id} to={`/pharmacy/detail?id=${p.id}`} className="cat-rank-item">
            <ImageWithFallback src={p.logo_url || undefined} alt={p.name} width={48} height={48} loading="lazy" />
            <span style={{ display: 'grid', minWidth: 0 }}>
              <span className="cat-ellipsis">{p.name}</span>
              <span className="cat-muted cat-ellipsis" style={{ fontSize: 12 }}>
                <EnvironmentOutlined aria-hidden="true" /> {p.city} · 在售 {p.quote_count} 种
              </span>
            </span>
          </Link>
        ))}
      </div>
    </Section>
  );
}
