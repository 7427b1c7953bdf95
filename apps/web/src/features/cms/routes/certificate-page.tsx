import { Descriptions } from 'antd';
import { Link } from 'react-router';
import { ImageGallery } from '../../../components/catalogue-blocks/image-gallery';
import { Section } from '../../../components/catalogue-blocks/section';
import { usePharmacyDetails, usePublicPharmacies } from '../api/get-public-pharmacies';

/** /website/certificate — 资质证书: every pharmacy's licences and qualification images (zoom viewer). */
export default function CertificatePage() {
  const list = usePublicPharmacies();
  const ids = list.data?.list.map((p) => p.id) ?? [];
  const details = usePharmacyDetails(ids);

  return (
    <div className="cat-stack">
      <h1 style={{ fontSize: 20, margin: 0 }}>资质证书</h1>
      {list.isLoading || list.isError || ids.length === 0 ? (
        <Section title="入驻药房资质" loading={list.isLoading} error={list.isError} empty />
      ) : null}
      {list.data?.list.map((p, i) => {
        const d = details[i];
        return (
          <Section
            key={p.id}
            id={`certificate-${p.id}`}
            title={p.name}
            extra={<Link to={`/pharmacy/detail?id=${p.id}`}>药房详情</Link>}
            loading={d?.isLoading}
            error={d?.isError}
          >
            {d?.data ? (
              <>
                <Descriptions
                  size="small"
                  column={{ xs: 1, sm: 1, md: 3 }}
                  style={{ marginBottom: 12 }}
                  items={[
                    { key: 'biz', label: '营业执照号', children: d.data.business_licence_no || '—' },
                    { key: 'drug', label: '药品经营许可证号', children: d.data.drug_licence_no || '—' },
                    {
                      key: 'expire',
                      label: '有效期至',
                      children: d.data.drug_licence_expire_at?.slice(0, 10) || '—',
                    },
                  ]}
                />
                {d.data.aptitude_images.length ? (
                  <ImageGallery
                    size={160}
                    images={d.data.aptitude_images.map((src, n) => ({ src, alt: `${p.name} 资质证书 ${n + 1}` }))}
                  />
                ) : (
                  <p className="cat-muted">暂无数据</p>
                )}
              </>
            ) : null}
          </Section>
        );
      })}
    </div>
  );
}
