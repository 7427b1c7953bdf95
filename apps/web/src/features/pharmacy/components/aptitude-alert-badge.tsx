import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Grid, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { usePermission } from '../../../components/permission-gate';
import { useQualificationAlerts } from '../api/qualification-alerts';

/**
 * The header's qualification warning beside the pharmacy switcher: 资质已过期 (red) or 资质即将到期 (orange) for the
 * current pharmacy, with the counts and the earliest date in a tooltip; a link to 药店设置 for those who may open it.
 */
export function QualificationAlertBadge() {
  const { data } = useQualificationAlerts();
  const can = usePermission();
  // a narrow header keeps the icon only (the tooltip and the accessible name still say it all)
  const narrow = Grid.useBreakpoint().md === false;
  if (!data || (data.expired === 0 && data.expiring === 0)) return null;
  const expired = data.expired > 0;
  const label = expired ? '资质已过期' : '资质即将到期';
  const parts = [
    data.expired > 0 ? `${data.expired} 项资质已过期` : null,
    data.expiring > 0 ? `${data.expiring} 项资质将在 ${data.months} 个月内到期` : null,
  ].filter(Boolean);
  const canOpen = can('pharmacy_setting');
  const detail = `${parts.join('，')}${data.earliest ? `（最早 ${data.earliest}）` : ''}，${
    canOpen ? '点击前往药店设置更新' : '请联系药店管理员更新'
  }`;
  const tag = (
    <Tag
      color={expired ? 'error' : 'warning'}
      icon={<ExclamationCircleOutlined aria-hidden />}
      style={{ marginInlineEnd: 0, cursor: canOpen ? 'pointer' : 'default' }}
    >
      {narrow ? null : label}
    </Tag>
  );
  return (
    <Tooltip title={detail}>
      {canOpen ? (
        <Link to="/pharmacy/set" aria-label={`${label}：${detail}`} data-testid="qualification-alert">
          {tag}
        </Link>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users get the tooltip's detail
        <span tabIndex={0} role="status" aria-label={`${label}：${detail}`} data-testid="qualification-alert">
          {tag}
        </span>
      )}
    </Tooltip>
  );
}
