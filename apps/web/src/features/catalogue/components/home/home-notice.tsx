import { SoundOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useCmsItems } from '../../api/get-cms-items';

/** Notice: the service line of `home_contact_us` (its first row), shown as the home page's notice bar. */
export function HomeNotice() {
  const { data, isLoading } = useCmsItems('home_contact_us');
  if (isLoading) return <Skeleton.Input active block size="small" />;
  const first = data?.[0];
  if (!first) return null;
  return (
    <div className="cat-notice" role="note" aria-label="公告">
      <SoundOutlined aria-hidden="true" style={{ color: '#fa8c16' }} />
      <strong>公告</strong>
      <span>
        {first.title} {first.phone}
        {first.work_time ? `（${first.work_time}）` : ''}，用药问题可随时咨询执业药师。
      </span>
    </div>
  );
}
