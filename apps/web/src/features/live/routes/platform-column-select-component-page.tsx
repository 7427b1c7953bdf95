import { Button, Result, Space, Spin, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useAdminPermission } from '../../../components/permission-gate';
import { usePlatformColumnMembers } from '../api/platform-column-members';
import { useApprovedColumns } from '../api/platform-column-submissions';
import { usePlatformColumnOptions } from '../api/platform-columns';
import { PLATFORM_COLUMN_KEY } from '../components/platform-column-list';
import { PlatformColumnMembersEditor } from '../components/platform-column-members-editor';

/** 选择组件 (`?id=<platform column>`): which approved pharmacy columns the platform column shows, in order. */
export default function PlatformColumnSelectComponentPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const can = useAdminPermission();
  const members = usePlatformColumnMembers(id);
  const approved = useApprovedColumns();
  const options = usePlatformColumnOptions();
  const title = options.data?.find((o) => o.value === id)?.label;

  const back = (
    <Link to="/website/platformColumn">
      <Button>返回平台专栏</Button>
    </Link>
  );
  if (!id) return <Result status="warning" title="请从平台专栏列表选择专栏" extra={back} />;
  if (members.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!members.data) return <Result status="404" title="平台专栏不存在" extra={back} />;

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title ? `${title} · 选择专栏` : '选择专栏'}
        </Typography.Title>
        {back}
      </Space>
      <PlatformColumnMembersEditor
        key={members.data.map((m) => m.id).join()}
        platformColumnId={id}
        members={members.data}
        approved={approved.data ?? []}
        approvedLoading={approved.isLoading}
        canEdit={can(PLATFORM_COLUMN_KEY)}
      />
    </>
  );
}
