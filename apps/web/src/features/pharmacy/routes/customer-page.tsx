import { Button, Result, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePermission } from '../../../components/permission-gate';
import { useSessionStore } from '../../../lib/session-store';
import { MemberList } from '../components/member-list';

const PATH = '/pharmacy/customer';

/**
 * The page is kept alive (route metadata keepAlive 'CustomerPage'), but its filters, page and open card live in the
 * URL, which a menu click replaces with a bare path: coming back that way restores the search the page last had.
 */
function useKeptSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const kept = useRef('');
  const returning = useRef(false);
  useEffect(() => {
    if (location.pathname !== PATH) return;
    if (returning.current) {
      returning.current = false;
      if (!location.search && kept.current) {
        navigate({ pathname: PATH, search: kept.current }, { replace: true });
        return;
      }
    }
    kept.current = location.search;
  }, [location.pathname, location.search, navigate]);
  // runs when the page is hidden (its effects are torn down while kept) and on unmount
  useEffect(
    () => () => {
      returning.current = true;
    },
    [],
  );
}

/** /pharmacy/customer — 会员管理 (viper_manage). */
export default function CustomerPage() {
  useKeptSearch();
  const pharmacy = useSessionStore((s) => s.currentPharmacy);
  const can = usePermission();

  const navigate = useNavigate();
  let body: ReactNode;
  if (!pharmacy) {
    body = (
      <Result
        status="info"
        title="请先选择药店"
        extra={
          <Button type="primary" onClick={() => navigate('/pharmacy/switch-pharmacy')}>
            切换药店
          </Button>
        }
      />
    );
  } else if (!can('viper_manage')) {
    body = <Result status="403" title="无权访问" subTitle="您没有会员管理权限，请联系药店管理员。" />;
  } else {
    body = <MemberList />;
  }

  return (
    <section aria-labelledby="customer-title">
      <Typography.Title id="customer-title" level={4} style={{ marginTop: 0 }}>
        会员管理
      </Typography.Title>
      {body}
    </section>
  );
}
