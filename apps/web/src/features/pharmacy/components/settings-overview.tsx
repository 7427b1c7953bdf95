import { SafetyCertificateOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ACTION_PARAM } from '../../../components/list-page';
import { useQualifications } from '../api/qualifications';
import { AptitudeDialog } from './aptitude-dialog';
import { AptitudeExpiryAlerts } from './aptitude-expiry-alerts';
import { SettingsForm } from './settings-form';
import { ReceivingAccountForm } from './settings-receiving-account';

const APTITUDE = 'aptitude';

/**
 * 药店设置: expiry notices on top, the 资质管理 and 快递设置 entries, the settings form and the receiving account.
 * The aptitude dialog's open state lives in the URL (?action=aptitude), so it can be linked and survives a reload.
 */
export function SettingsOverview() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { data } = useQualifications();
  const aptitudeOpen = params.get(ACTION_PARAM) === APTITUDE;
  const setAptitude = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set(ACTION_PARAM, APTITUDE);
        else next.delete(ACTION_PARAM);
        return next;
      },
      { replace: !open },
    );

  return (
    <Flex vertical gap={16}>
      {data ? <AptitudeExpiryAlerts list={data.list} months={data.months} onOpen={() => setAptitude(true)} /> : null}
      <Flex gap={8} wrap>
        <Button type="primary" ghost icon={<SafetyCertificateOutlined />} onClick={() => setAptitude(true)}>
          资质管理
        </Button>
        <Button
          icon={<SendOutlined />}
          href="/pharmacy/courier"
          onClick={(e) => {
            e.preventDefault();
            navigate('/pharmacy/courier');
          }}
        >
          快递设置
        </Button>
      </Flex>
      <SettingsForm />
      <ReceivingAccountForm />
      <AptitudeDialog open={aptitudeOpen} onClose={() => setAptitude(false)} />
    </Flex>
  );
}
