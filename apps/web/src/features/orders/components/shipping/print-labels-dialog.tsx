import { Alert, Modal, Typography } from 'antd';
import { useState } from 'react';
import { dialogToast } from '../../../../lib/feedback';
import { downloadLabels } from '../../api/shipping-labels';

/** 打印面单: the selected orders' SF labels as one PDF, a 100 × 150 mm page each. */
export function PrintLabelsDialog({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const [loading, setLoading] = useState(false);
  const print = async () => {
    setLoading(true);
    try {
      await downloadLabels(ids);
      dialogToast.success(`已生成 ${ids.length} 张顺丰面单`);
      onClose();
    } catch {
      // the http client has shown the failure (orders without an SF waybill are named)
    } finally {
      setLoading(false);
    }
  };
  return (
    <Modal
      open
      title="打印顺丰面单"
      okText="生成面单 PDF"
      cancelText="取消"
      okButtonProps={{ disabled: ids.length === 0 }}
      confirmLoading={loading}
      onOk={() => void print()}
      onCancel={onClose}
      destroyOnHidden
    >
      {ids.length === 0 ? (
        <Alert type="info" showIcon title="请先在列表中勾选已使用「顺丰发货」的订单。" />
      ) : (
        <Typography.Paragraph>
          将为已选的 <Typography.Text strong>{ids.length}</Typography.Text> 个订单生成一个 PDF，每单一页（100 × 150
          mm），请使用热敏面单打印机按实际尺寸打印。仅「顺丰发货」的订单有电子面单。
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
