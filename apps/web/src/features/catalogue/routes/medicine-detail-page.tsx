import { productTypeLabels } from '@pharmacy/shared';
import { Descriptions, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { useMedicine } from '../api/get-medicine';
import '../../../components/catalogue-blocks/catalogue-blocks.css';
import { ImageGallery } from '../../../components/catalogue-blocks/image-gallery';
import { Section } from '../../../components/catalogue-blocks/section';
import { MedicineComments } from '../components/medicine-comments';
import { MedicineQuotes } from '../components/medicine-quotes';
import { positiveId } from '../components/positive-id';
import { ProductTypeTag } from '../components/product-type-tag';

const instructionLabels = [
  ['indications', '适应症'],
  ['usage', '用法用量'],
  ['contraindications', '禁忌'],
  ['adverse_reactions', '不良反应'],
  ['storage', '贮藏'],
] as const;

function NotFound() {
  return (
    <Result
      status="404"
      title="药品不存在"
      subTitle="该药品不存在或已下架。"
      extra={<Link to="/medicine/list">返回药品列表</Link>}
    />
  );
}

/** /medicine/detail?id= — images (zoom viewer), instructions, the pharmacies quoting it, comments and votes. */
export default function MedicineDetailPage() {
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const { data: m, isLoading, error } = useMedicine(id);

  if (id === null) return <NotFound />;
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !m) {
    if (isApiError(error) && error.httpCode !== 404) {
      return <Result status="error" title="加载失败" subTitle="请稍后再试。" />;
    }
    return <NotFound />;
  }

  const images = m.images.map((src, i) => ({ src, alt: `${m.name} 图片 ${i + 1}` }));
  return (
    <div className="cat-stack">
      <section className="cat-section cat-detail-head" aria-labelledby="medicine-title">
        <div>{images.length ? <ImageGallery images={images} size={144} /> : <p className="cat-muted">暂无图片</p>}</div>
        <div>
          <h1
            id="medicine-title"
            style={{ fontSize: 22, margin: '0 0 8px', display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}
          >
            {m.name}
            <ProductTypeTag type={m.type} />
          </h1>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'generic', label: '通用名', children: m.generic_name || '—' },
              { key: 'spec', label: '规格', children: m.spec || '—' },
              { key: 'form', label: '剂型', children: m.dosage_form || '—' },
              { key: 'type', label: '类型', children: productTypeLabels[m.type] },
              { key: 'maker', label: '生产厂家', children: m.manufacturer || '—' },
              { key: 'approval', label: '批准文号', children: m.approval_no || '—' },
              { key: 'barcode', label: '条形码', children: m.barcode || '—' },
            ]}
          />
          <p style={{ margin: '8px 0 0' }}>
            <a href="#medicine-quotes">查看药房报价</a>
          </p>
        </div>
      </section>
      <Section title="说明书" id="medicine-instructions">
        <Descriptions
          bordered
          size="small"
          column={1}
          items={instructionLabels.map(([key, label]) => ({
            key,
            label,
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{m.instructions?.[key] || '暂无数据'}</span>,
          }))}
        />
      </Section>
      <MedicineQuotes productId={m.id} />
      <MedicineComments productId={m.id} />
    </div>
  );
}
