import { type Qualification, qualificationKindLabels } from '@pharmacy/shared';
import { Alert, Button, Flex } from 'antd';

const describe = (q: Qualification) =>
  `${q.name || qualificationKindLabels[q.kind]}（${q.expire_at} ${q.expiry_state === 'expired' ? '已到期' : '到期'}）`;

/**
 * The settings page's top notices: expired documents as an error, documents inside the warning window as a warning,
 * each naming the documents and their dates, with a button into the aptitude dialog when `onOpen` is given.
 */
export function AptitudeExpiryAlerts(props: { list: Qualification[]; months: number; onOpen?: () => void }) {
  const expired = props.list.filter((q) => q.expiry_state === 'expired');
  const expiring = props.list.filter((q) => q.expiry_state === 'expiring');
  if (expired.length === 0 && expiring.length === 0) return null;
  const action = props.onOpen ? (
    <Button size="small" onClick={props.onOpen}>
      去更新
    </Button>
  ) : undefined;
  return (
    <Flex vertical gap={8}>
      {expired.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={`资质已过期：${expired.length} 项证照已过有效期，请尽快更新，以免影响药店经营`}
          description={expired.map(describe).join('；')}
          action={action}
        />
      ) : null}
      {expiring.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`资质即将到期：${expiring.length} 项证照将在 ${props.months} 个月内到期，请提前办理换证`}
          description={expiring.map(describe).join('；')}
          action={expired.length > 0 ? undefined : action}
        />
      ) : null}
    </Flex>
  );
}
