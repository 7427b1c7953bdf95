import { Descriptions, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { formatDateTime } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { usePharmacy } from '../api/get-pharmacy';
import '../../../components/catalogue-blocks/catalogue-blocks.css';
import { ImageGallery } from '../../../components/catalogue-blocks/image-gallery';
import { Section } from '../../../components/catalogue-blocks/section';
import { PharmacyProducts } from '../components/pharmacy-products';
import { positiveId } from '../components/positive-id';

function NotFound() {
  return <Result status="404" title="药房不存在" extra={<Link to="/pharmacy/list">返回药房列表</Link>} />;
}

/** /pharmacy/detail?id= — the pharmacy, its qualifications (zoom viewer) and its quotes. */
export default function PharmacyDetailPage() {
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const { data: p, isLoading, error } = usePharmacy(id);

  if (id === null) return <NotFound />;
  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (error || !p) {
    if (isApiError(error) && error.httpCode !== 404)
      return <Result status="error" title="加载失败" subTitle="请稍后再试。" />;
    return <NotFound />;
  }

  return (
    <div className="cat-stack">
      <section className="cat-section" aria-labelledby="pharmacy-title">
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}>
          <ImageWithFallback src={p.logo_url || undefined} alt={p.name} width={56} height={56} />
          <h1 id="pharmacy-title" style={{ fontSize: 22, margin: 0 }}>
            {p.name}
          </h1>
        </div>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={[
            {
              key: 'addr',
              label: '地址',
              children: [p.province, p.city, p.district, p.address].filter(Boolean).join(' '),
            },
            { key: 'phone', label: '电话', children: p.phone || '—' },
            { key: 'hours', label: '营业时间', children: p.business_hours || '—' },
            { key: 'count', label: '在售药品', children: `${p.quote_count} 种` },
            { key: 'biz', label: '营业执照号', children: p.business_licence_no || '—' },
            { key: 'drug', label: '药品经营许可证号', children: p.drug_licence_no || '—' },
            {
              key: 'expire',
              label: '许可证有效期至',
              children: p.drug_licence_expire_at ? formatDateTime(p.drug_licence_expire_at).slice(0, 10) : '—',
            },
          ]}
        />
      </section>
      <Section title="资质证照" empty={p.aptitude_images.length === 0}>
        <ImageGallery
          images={p.aptitude_images.map((src, i) => ({ src, alt: `${p.name} 资质证照 ${i + 1}` }))}
          size={160}
        />
      </Section>
      <PharmacyProducts pharmacyId={p.id} />
    </div>
  );
}
