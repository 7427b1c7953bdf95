import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PlatformColumnList } from '../components/platform-column-list';
import { PlatformColumnReview } from '../components/platform-column-review';

/** 平台专栏 (operator): the platform columns, and 专栏审核 of the pharmacy columns submitted to them. */
export default function PlatformColumnPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'review' ? 'review' : 'columns';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'review' ? { tab: 'review' } : {})}
      destroyOnHidden
      items={[
        {
          key: 'columns',
          label: '平台专栏',
          children: (
            <PlatformColumnList
              onReview={(column) => setParams({ tab: 'review', platform_column_id: String(column.id) })}
            />
          ),
        },
        { key: 'review', label: '专栏审核', children: <PlatformColumnReview /> },
      ]}
    />
  );
}
