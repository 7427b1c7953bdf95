import { Typography } from 'antd';
import { DrugserList } from '../components/drugser-list';
import { useMarketingScope } from '../components/member-data-scope';

/** /marketManage/drugser — 用药人: the pharmacy's customers' family members; the operator's: the platform's. */
export default function DrugserPage() {
  const scope = useMarketingScope();
  return (
    <section aria-labelledby="drugser-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title id="drugser-title" level={4} style={{ margin: 0 }}>
        用药人
      </Typography.Title>
      <DrugserList scope={scope} />
    </section>
  );
}
