import { type ExpiryState, expiryStateLabels } from '@pharmacy/shared';
import { Tag } from 'antd';

const colors: Record<ExpiryState, string> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
  long_term: 'processing',
};

/** 有效 / 即将到期 / 已过期 / 长期, coloured by urgency. */
export function AptitudeStateTag({ state }: { state: ExpiryState }) {
  return <Tag color={colors[state]}>{expiryStateLabels[state]}</Tag>;
}
