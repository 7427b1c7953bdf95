import { COMMON_DIAGNOSE_MAX, COMMON_DIAGNOSE_TEXT_MAX } from '@pharmacy/shared';
import { Button, Empty, Flex, Input, List, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { dialogToast } from '../../../lib/feedback';
import { useAddCommonDiagnose, useCommonDiagnoses, useRemoveCommonDiagnose } from '../api/recipe-profile';

/** 常用诊断: the doctor's quick picks, added and removed here (no duplicates, at most 50). */
export function RecipeDiagnosesDialog({ doctorId, onClose }: { doctorId: number; onClose: () => void }) {
  const { data = [], isLoading } = useCommonDiagnoses(doctorId);
  const add = useAddCommonDiagnose(doctorId);
  const remove = useRemoveCommonDiagnose(doctorId);
  const [text, setText] = useState('');

  const submit = async () => {
    const value = text.trim();
    if (!value) return;
    try {
      await add.mutateAsync(value);
      setText('');
      dialogToast.success('已添加');
    } catch {
      // the http client shows why (duplicate, full)
    }
  };

  return (
    <Modal
      open
      title="管理常用诊断"
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex gap={8}>
          <Input
            aria-label="新的常用诊断"
            placeholder={`诊断名称（最多 ${COMMON_DIAGNOSE_TEXT_MAX} 字）`}
            maxLength={COMMON_DIAGNOSE_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={() => void submit()}
          />
          <Button
            type="primary"
            loading={add.isPending}
            disabled={!text.trim() || data.length >= COMMON_DIAGNOSE_MAX}
            onClick={() => void submit()}
          >
            添加
          </Button>
        </Flex>
        <List
          size="small"
          bordered
          loading={isLoading}
          aria-label="常用诊断"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无常用诊断" /> }}
          header={`共 ${data.length} 条（最多 ${COMMON_DIAGNOSE_MAX} 条）`}
          dataSource={data}
          renderItem={(d) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="remove"
                  title={`删除「${d.text}」？`}
                  onConfirm={() => remove.mutateAsync(d.id).catch(() => undefined)}
                >
                  <Button type="link" danger size="small">
                    删除
                  </Button>
                </Popconfirm>,
              ]}
            >
              {d.text}
            </List.Item>
          )}
        />
      </Flex>
    </Modal>
  );
}
