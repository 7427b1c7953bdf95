import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONSULTATION_IMAGES_MAX,
  type ConsultationMine,
  type ConsultationStatus,
  consultationStatusLabels,
} from '@pharmacy/shared';
import { Button, Popconfirm, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ImageViewer } from '../../../components/image-viewer';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { formatDateTime } from '../../../lib/format';
import { useUpdateMyConsultation, useUploadMyConsultationImage } from '../api/consultation-mine';

const statusColors: Record<ConsultationStatus, string> = {
  pending: '#1677ff',
  approved: '#fa8c16',
  prescribed: '#52c41a',
  rejected: '#ff4d4f',
  cancelled: '#8c8c8c',
};

const statusHints: Record<ConsultationStatus, string> = {
  pending: '等待医生接诊，可补充处方或病历照片，帮助医生判断病情',
  approved: '医生已接诊，正在开具处方',
  prescribed: '医生已开具处方，药师审核通过后发货',
  rejected: '医生未通过本次问诊',
  cancelled: '问诊已取消',
};

/** One of my consultation requests: status and what it means, items, the doctor's reason, photos (addable while pending). */
export function ConsultationCard({ request }: { request: ConsultationMine }) {
  const [viewing, setViewing] = useState<string | null>(null);
  const upload = useUploadMyConsultationImage();
  const update = useUpdateMyConsultation();
  const editable = request.status === 'pending';
  const canAdd = editable && request.images.length < CONSULTATION_IMAGES_MAX;

  return (
    <article className="patient-card" aria-label={`问诊需求 ${request.patient_name}`}>
      <div className="patient-row">
        <strong style={{ fontSize: 14 }}>就诊人 {request.patient_name}</strong>
        <span style={{ color: statusColors[request.status], fontWeight: 500 }}>
          {consultationStatusLabels[request.status]}
        </span>
      </div>
      <div className="patient-muted" style={{ margin: '4px 0 8px' }}>
        {statusHints[request.status]}
      </div>
      {request.wanted_items.length ? (
        <div style={{ fontSize: 14, marginBottom: 6 }}>
          {request.wanted_items.map((w) => `${w.name} ×${w.qty}`).join('、')}
        </div>
      ) : null}
      {request.description ? (
        <div className="patient-muted" style={{ marginBottom: 6 }}>
          病情描述：{request.description}
        </div>
      ) : null}
      {request.status === 'rejected' && request.reject_reason ? (
        <div style={{ background: '#fff2f0', color: '#cf1322', borderRadius: 6, padding: '6px 10px', marginBottom: 8 }}>
          医生意见：{request.reject_reason}
        </div>
      ) : null}
      {request.recipe_no ? (
        <div style={{ marginBottom: 6 }}>
          处方编号：<span style={{ fontFamily: 'monospace' }}>{request.recipe_no}</span>
        </div>
      ) : null}
      {request.images.length || canAdd ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '8px 0' }}>
          {request.images.map((src, i) => (
            <div key={src} style={{ position: 'relative' }}>
              <button
                type="button"
                onClick={() => setViewing(src)}
                aria-label={`查看图片 ${i + 1}`}
                style={{ padding: 0, border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff' }}
              >
                <ImageWithFallback
                  src={src}
                  alt={`问诊图片 ${i + 1}`}
                  width={72}
                  height={72}
                  style={{ objectFit: 'cover', display: 'block', borderRadius: 6 }}
                />
              </button>
              {editable ? (
                <Popconfirm
                  title="删除这张照片？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() =>
                    update.mutateAsync({ id: request.id, images: request.images.filter((x) => x !== src) })
                  }
                >
                  <Button
                    size="small"
                    shape="circle"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={`删除图片 ${i + 1}`}
                    style={{ position: 'absolute', top: -8, right: -8, minWidth: 20, width: 20, height: 20 }}
                  />
                </Popconfirm>
              ) : null}
            </div>
          ))}
          {canAdd ? (
            <Upload
              accept="image/png,image/jpeg,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                upload.mutate({ id: request.id, image: file });
                return Upload.LIST_IGNORE;
              }}
            >
              <Button
                icon={<PlusOutlined />}
                loading={upload.isPending}
                aria-label="上传处方或病历照片"
                style={{ width: 72, height: 72, flexDirection: 'column', fontSize: 12 }}
              >
                上传照片
              </Button>
            </Upload>
          ) : null}
        </div>
      ) : null}
      <div className="patient-row patient-muted">
        <span>
          {formatDateTime(request.created_at)}
          {request.doctor_name ? ` · ${request.doctor_name} 医生` : ''}
        </span>
        {request.order_id ? <Link to={`/patient/order?id=${request.order_id}`}>查看订单</Link> : null}
      </div>
      <ImageViewer open={viewing !== null} src={viewing ?? ''} alt="问诊图片" onClose={() => setViewing(null)} />
    </article>
  );
}
