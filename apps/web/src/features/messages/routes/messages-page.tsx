import { Typography } from 'antd';
import { MessagesList } from '../components/messages-list';

/** /message — 消息中心. */
export default function MessagesPage() {
  return (
    <section aria-labelledby="messages-title">
      <Typography.Title id="messages-title" level={4} style={{ marginTop: 0 }}>
        消息中心
      </Typography.Title>
      <MessagesList />
    </section>
  );
}
