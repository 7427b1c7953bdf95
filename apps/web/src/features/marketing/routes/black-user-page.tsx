import { Typography } from 'antd';
import { BlacklistList } from '../components/blacklist-list';

/** /marketManage/blackUser — 黑名单: blocked patients cannot order, chat or enrol at this pharmacy. */
export default function BlackUserPage() {
  return (
    <section aria-labelledby="black-user-title">
      <Typography.Title id="black-user-title" level={4} style={{ marginTop: 0 }}>
        黑名单
      </Typography.Title>
      <BlacklistList />
    </section>
  );
}
