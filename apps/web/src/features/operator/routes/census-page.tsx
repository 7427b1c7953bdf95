import {
  operatorKeys,
  type PlatformCensusDimension,
  type PlatformCensusQuery,
  platformCensusDimensionLabels,
} from '@pharmacy/shared';
import { Alert, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminPermission } from '../../../components/permission-gate';
import { usePlatformCensus } from '../api/census-get';
import { CensusCards } from '../components/census-cards';
import { CensusDayChart, CensusRankChart, CensusReasonChart, CensusTopDrugChart } from '../components/census-charts';
import { CensusExportButton } from '../components/census-export-button';
import { type CensusTab, CensusTable, censusTabs } from '../components/census-table';
import { CensusToolbar } from '../components/census-toolbar';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

const idOf = (v: string | null) => (v && ID.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : undefined);

/** The range, the filters and the table's tab from the URL; anything unreadable falls back to the defaults. */
function useCensusParams() {
  const [params, setParams] = useSearchParams();
  const query = useMemo<PlatformCensusQuery>(() => {
    const from = params.get('date_from') ?? '';
    const to = params.get('date_to') ?? '';
    const out: PlatformCensusQuery =
      DATE.test(from) && DATE.test(to) && from <= to ? { date_from: from, date_to: to } : {};
    const pharmacy = idOf(params.get('pharmacy_id'));
    const doctor = idOf(params.get('doctor_id'));
    if (pharmacy !== undefined) out.pharmacy_id = pharmacy;
    if (doctor !== undefined) out.doctor_id = doctor;
    return out;
  }, [params]);
  const tabParam = params.get('tab');
  const tab: CensusTab = (censusTabs as readonly string[]).includes(tabParam ?? '') ? (tabParam as CensusTab) : 'day';
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined) out.delete(key);
            else out.set(key, value);
          }
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { query, tab, update };
}

function Block({ title, extra, children }: { title: string; extra?: string; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={title}
      extra={extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
      styles={{ body: { padding: 16 } }}
    >
      {children}
    </Card>
  );
}

/** /website/census — 处方统计 of the whole platform: by day, pharmacy and doctor; rates, reasons, drugs; export. */
export default function CensusPage() {
  const { query, tab, update } = useCensusParams();
  const can = useAdminPermission();
  const census = usePlatformCensus(query);
  const data = census.data;
  const filtered = query.pharmacy_id !== undefined || query.doctor_id !== undefined;
  // the filters' options: the pharmacies and doctors of the same range, unfiltered (the same query when unfiltered)
  const options = usePlatformCensus({ date_from: query.date_from, date_to: query.date_to });
  const pharmacies = useMemo(
    () =>
      (options.data?.by_pharmacy ?? []).map((p) => ({
        value: p.pharmacy_id,
        label: p.pharmacy_name || `药店 #${p.pharmacy_id}`,
      })),
    [options.data],
  );
  const doctors = useMemo(
    () =>
      (options.data?.by_doctor ?? []).map((d) => ({
        value: d.doctor_id,
        label: d.hospital ? `${d.doctor_name}（${d.hospital}）` : d.doctor_name || `医生 #${d.doctor_id}`,
      })),
    [options.data],
  );
  const dimension: PlatformCensusDimension = tab === 'pharmacy' || tab === 'doctor' ? tab : 'day';
  const setId = (key: 'pharmacy_id' | 'doctor_id') => (id: number | undefined) =>
    update({ [key]: id === undefined ? undefined : String(id) });

  return (
    <section aria-labelledby="platform-census-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title id="platform-census-title" level={4} style={{ margin: 0 }}>
        处方统计
      </Typography.Title>
      <CensusToolbar
        dateFrom={data?.date_from ?? query.date_from ?? ''}
        dateTo={data?.date_to ?? query.date_to ?? ''}
        onDates={(date_from, date_to) => update({ date_from, date_to })}
        pharmacyId={query.pharmacy_id}
        doctorId={query.doctor_id}
        pharmacies={pharmacies}
        doctors={doctors}
        onPharmacy={setId('pharmacy_id')}
        onDoctor={setId('doctor_id')}
        extra={
          can(operatorKeys.census) && data ? (
            <CensusExportButton
              query={{ ...query, date_from: data.date_from, date_to: data.date_to, dimension }}
              label={`导出${platformCensusDimensionLabels[dimension]}统计`}
            />
          ) : null
        }
      />
      {census.isError && !data ? (
        <Alert type="error" showIcon title="统计数据加载失败" description={census.error.message} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Typography.Text type="secondary">
            统计范围：{data.date_from} 至 {data.date_to}（按开具时间，北京时间）
            {filtered ? '，已按药店或医生筛选' : '，全平台'}
            。每张处方按当前状态计数：通过率 = 审核通过 ÷ 已审核，驳回率 = 审核驳回 ÷
            已审核；驳回原因来自药师的审方记录；常用药品按开具数量排序，不含已作废的处方。
          </Typography.Text>
          <CensusCards census={data} />
          {data.summary.written === 0 ? (
            <Card size="small">
              <Empty description="该时间段内没有开具处方。可以调整统计日期范围或筛选条件后再查看。" />
            </Card>
          ) : (
            <>
              <Row gutter={[16, 16]}>
                <Col xs={24} xl={14}>
                  <Block title="每日处方" extra="当天开具的处方及其中的审核结果">
                    <CensusDayChart census={data} />
                  </Block>
                </Col>
                <Col xs={24} xl={10}>
                  <Block title="驳回原因" extra={`共驳回 ${data.summary.rejected.toLocaleString('zh-CN')} 张`}>
                    {data.reject_reasons.length ? (
                      <CensusReasonChart census={data} />
                    ) : (
                      <Empty description="该时间段内没有驳回的处方" />
                    )}
                  </Block>
                </Col>
                <Col xs={24} xl={12}>
                  <Block title={`处方最多的${tab === 'doctor' ? '医生' : '药店'}`} extra="前 10 名，按审核状态">
                    <CensusRankChart census={data} by={tab === 'doctor' ? 'doctor' : 'pharmacy'} />
                  </Block>
                </Col>
                <Col xs={24} xl={12}>
                  <Block title="常用药品 TOP 10" extra="按开具数量，其次处方条数">
                    {data.top_drugs.length ? (
                      <CensusTopDrugChart census={data} />
                    ) : (
                      <Empty description="该时间段内没有开具药品" />
                    )}
                  </Block>
                </Col>
              </Row>
              <Block title="统计明细">
                <CensusTable
                  census={data}
                  tab={tab}
                  onTab={(next) => update({ tab: next === 'day' ? undefined : next })}
                  onPharmacy={(id) => update({ pharmacy_id: String(id) })}
                  onDoctor={(id) => update({ doctor_id: String(id) })}
                />
              </Block>
            </>
          )}
        </>
      )}
    </section>
  );
}
