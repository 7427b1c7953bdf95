import { PlusOutlined } from '@ant-design/icons';
import type { FamilyMember } from '@pharmacy/shared';
import { Button, Empty, Modal, Spin, Tag } from 'antd';
import { useState } from 'react';
import { dialogToast } from '../../../lib/feedback';
import { useFamilyMembers } from '../api/get-family-members';
import { useRemoveFamilyMember, useSetDefaultFamilyMember } from '../api/save-family-member';
import { Card } from '../components/bits';
import { FamilyMemberSheet } from '../components/family-member-sheet';

const genderLabel = (g: FamilyMember['gender']) => (g === 'male' ? '男' : g === 'female' ? '女' : '');

/** 就诊人: my family members, the default first; add, set default, delete. */
export default function FamilyMembersPage() {
  const members = useFamilyMembers();
  const setDefault = useSetDefaultFamilyMember();
  const remove = useRemoveFamilyMember();
  const [adding, setAdding] = useState(false);

  if (members.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const list = members.data ?? [];
  return (
    <>
      {list.length === 0 ? <Empty description="还没有就诊人" style={{ marginTop: 48 }} /> : null}
      {list.map((m) => (
        <Card
          key={m.id}
          title={
            <>
              {m.name}{' '}
              {m.is_default ? (
                <Tag bordered={false} color="green">
                  默认
                </Tag>
              ) : null}
            </>
          }
          extra={<span className="patient-muted">{m.relation_label}</span>}
        >
          <div className="patient-muted">
            {genderLabel(m.gender)} {m.age !== null ? `${m.age}岁` : ''} · 身份证 {m.id_number}
            {m.phone ? ` · ${m.phone}` : ''}
          </div>
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 8 }}>
            {m.is_default ? null : (
              <Button
                size="small"
                shape="round"
                onClick={() => setDefault.mutate(m.id, { onSuccess: () => dialogToast.success('已设为默认就诊人') })}
              >
                设为默认
              </Button>
            )}
            <Button
              size="small"
              shape="round"
              danger
              onClick={() =>
                Modal.confirm({
                  rootClassName: 'patient-theme',
                  title: `删除就诊人「${m.name}」？`,
                  okText: '删除',
                  okButtonProps: { danger: true },
                  cancelText: '取消',
                  onOk: async () => {
                    await remove.mutateAsync(m.id);
                    dialogToast.success('已删除');
                  },
                })
              }
            >
              删除
            </Button>
          </div>
        </Card>
      ))}
      <div className="patient-bottom-bar">
        <Button type="primary" block size="large" shape="round" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加就诊人
        </Button>
      </div>
      <FamilyMemberSheet open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
