import { isSitePath } from '@pharmacy/shared';
import { Statistic } from 'antd';
import { Link } from 'react-router';
import { Section } from '../../../components/catalogue-blocks/section';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { useCmsItems } from '../api/get-cms-items';
import { usePlatformTotals } from '../api/get-platform-totals';

/** An entry's link when it is a site path (the shared rule), else nowhere. */
const inApp = (link: string) => (isSitePath(link) ? link : '#');

/** /website/services — 服务介绍: the platform's totals and its service entries (`entry_2`, `entry_1` by `entry1_category`). */
export default function ServicesPage() {
  const totals = usePlatformTotals();
  const features = useCmsItems('entry_2');
  const groups = useCmsItems('entry1_category');
  const entries = useCmsItems('entry_1');
  const grouped = (groups.data ?? [])
    .map((g) => ({ g, items: (entries.data ?? []).filter((e) => e.category_id === g.id) }))
    .filter((x) => x.items.length > 0);

  return (
    <div className="cat-stack">
      <Section title="服务介绍" id="services-title" loading={totals.isLoading} error={totals.isError}>
        <p style={{ marginTop: 0 }}>
          平台汇集各地药房的药品报价，支持按名称、通用名、批准文号或条形码查药比价，执业药师在线审方与用药咨询。
        </p>
        <div style={{ display: 'flex', gap: 48, flexWrap: 'wrap' }}>
          <Statistic title="在售药品" value={totals.data?.medicines} suffix="种" />
          <Statistic title="入驻药房" value={totals.data?.pharmacies} suffix="家" />
        </div>
      </Section>
      <Section
        title="特色服务"
        loading={features.isLoading}
        error={features.isError}
        empty={features.data?.length === 0}
      >
        <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
          {features.data?.map((f) => (
            <Link key={f.id} to={inApp(f.link)} className="cat-card">
              <ImageWithFallback
                src={f.image}
                alt={f.title}
                width={480}
                height={240}
                loading="lazy"
                style={{ aspectRatio: '2 / 1' }}
              />
              <span className="cat-card-title">{f.title}</span>
              <span className="cat-muted">{f.subtitle}</span>
            </Link>
          ))}
        </div>
      </Section>
      <Section
        title="服务入口"
        loading={groups.isLoading || entries.isLoading}
        error={groups.isError || entries.isError}
        empty={grouped.length === 0}
      >
        <div style={{ display: 'grid', gap: 12 }}>
          {grouped.map(({ g, items }) => (
            <div key={g.id} style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
              <strong style={{ minWidth: 72 }}>{g.name}</strong>
              {items.map((e) => (
                <Link key={e.id} to={inApp(e.link)}>
                  {e.title}
                </Link>
              ))}
            </div>
          ))}
        </div>
      </Section>
    </div>
  );
}
