import { isMarketingManager, marketingStaffRoles } from '@pharmacy/shared';
import { Result, Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PermissionGate } from '../../../components/permission-gate';
import { useSessionStore } from '../../../lib/session-store';
import { ComboList } from '../components/combo-list';
import { ShareList } from '../components/share-list';

type Section = 'combo' | 'share';
const isSection = (v: string | null): v is Section => v === 'combo' || v === 'share';

/**
 * /pharmacy/combo — 套餐管理 (key quote_set, the same key every /quote_set route checks) and, for the marketing roles,
 * 分享套餐 (?tab=share: the menu entry 创建分享套餐 of customer service and managers opens this page).
 */
export default function ComboPage() {
  const [params, setParams] = useSearchParams();
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const canShare = !!role && (marketingStaffRoles as readonly string[]).includes(role);
  // customer service and managers reach this page from 创建分享套餐: theirs opens on the shares; shop and
  // pharmacy_admin come from 套餐管理. ?tab= says which explicitly; the section stays when a list rewrites its URL.
  const urlTab = params.get('tab');
  const [chosen, setChosen] = useState<Section>(() =>
    isSection(urlTab) ? urlTab : role === 'customer_service' || role === 'manager' ? 'share' : 'combo',
  );
  useEffect(() => {
    if (isSection(urlTab)) setChosen(urlTab);
  }, [urlTab]);
  const section: Section = canShare ? chosen : 'combo';

  return (
    <section aria-labelledby="combo-title">
      <Typography.Title id="combo-title" level={4} style={{ marginTop: 0 }}>
        {section === 'share' ? '分享套餐' : '套餐管理'}
      </Typography.Title>
      {canShare ? (
        <Segmented<Section>
          aria-label="套餐或分享套餐"
          style={{ marginBottom: 12 }}
          value={section}
          options={[
            { value: 'combo', label: '套餐' },
            { value: 'share', label: isMarketingManager(role) ? '分享套餐（审核）' : '分享套餐' },
          ]}
          // each section keeps its own filters in the URL: switching starts the other one afresh
          onChange={(next) => {
            setChosen(next);
            setParams({ tab: next });
          }}
        />
      ) : null}
      {section === 'share' ? (
        <ShareList />
      ) : (
        <PermissionGate
          permission="quote_set"
          fallback={<Result status="403" title="无权访问" subTitle="您没有套餐管理权限，请联系药店管理员。" />}
        >
          <ComboList />
        </PermissionGate>
      )}
    </section>
  );
}
