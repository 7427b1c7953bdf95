import { ALL_PERMISSIONS, operatorGrantableKeys, operatorKeyLabels } from '@pharmacy/shared';
import { Checkbox, Flex } from 'antd';
import { useSessionStore } from '../../../lib/session-store';

/**
 * The operator keys to pick (antd Form control: value/onChange). 全部权限 covers the rest, so they are greyed while it
 * is ticked; a key the signed-in operator does not hold (and the account does not hold already) cannot be ticked —
 * the server refuses it too (operatorChangeRefusal).
 */
export function PermissionKeyCheckboxes({
  value = [],
  onChange,
  held = [],
}: {
  value?: string[];
  onChange?: (keys: string[]) => void;
  /** The keys the account holds now (keeping one grants nothing). */
  held?: readonly string[];
}) {
  const mine = useSessionStore((s) => s.userInfo?.admin_permissions ?? []);
  const grantable = (key: string) =>
    mine.includes(ALL_PERMISSIONS) || mine.includes(key) || held.includes(key) || held.includes(ALL_PERMISSIONS);
  const all = value.includes(ALL_PERMISSIONS);
  return (
    <Checkbox.Group
      value={value}
      onChange={(keys) => onChange?.((keys as string[]).includes(ALL_PERMISSIONS) ? [ALL_PERMISSIONS] : keys)}
    >
      <Flex wrap gap={8}>
        {operatorGrantableKeys.map((key) => (
          <Checkbox
            key={key}
            value={key}
            disabled={!grantable(key) || (all && key !== ALL_PERMISSIONS)}
            style={{ minWidth: 110 }}
          >
            {operatorKeyLabels[key]}
          </Checkbox>
        ))}
      </Flex>
    </Checkbox.Group>
  );
}
