import { Typography } from 'antd';
import { RequireAdminPermission } from '../../../components/permission-gate';
import { CmsContentList } from '../components/cms-content-list';

/** /website/content — 内容管理: the operator edits the content collections behind the public pages. */
export default function ContentPage() {
  return (
    <section aria-labelledby="content-title">
      <Typography.Title id="content-title" level={4} style={{ marginTop: 0 }}>
        内容管理
      </Typography.Title>
      <RequireAdminPermission>
        <CmsContentList />
      </RequireAdminPermission>
    </section>
  );
}
