import type {
  PlatformCensus,
  PlatformCensusDay,
  PlatformCensusDoctor,
  PlatformCensusFigures,
  PlatformCensusPharmacy,
  PlatformCensusReason,
  RecipeTopDrug,
} from '@pharmacy/shared';
import { Button, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { FocusableScroll } from '../../../components/focusable-scroll';

export const censusTabs = ['day', 'pharmacy', 'doctor', 'reason', 'drug'] as const;
export type CensusTab = (typeof censusTabs)[number];

const count = (n: number) => n.toLocaleString('zh-CN');
const percent = (v: string | null) => (v === null ? '—' : `${v}%`);
const nowrap = { style: { whiteSpace: 'nowrap' as const } };
const weekday = (date: string) => '日一二三四五六'[new Date(`${date}T00:00:00Z`).getUTCDay()];

/** The figure columns every dimension shares. */
function figureColumns<T extends PlatformCensusFigures>(): TableColumnsType<T> {
  const n = (key: keyof PlatformCensusFigures, title: string): TableColumnsType<T>[number] => ({
    key,
    title,
    align: 'right',
    onCell: () => nowrap,
    render: (_, r) => count(r[key] as number),
  });
  return [
    n('written', '开具处方'),
    n('inspected', '已审核'),
    n('approved', '审核通过'),
    n('rejected', '审核驳回'),
    n('pending_inspection', '待审核'),
    n('void', '已作废'),
    { key: 'approval_rate', title: '通过率', align: 'right', render: (_, r) => percent(r.approval_rate) },
    { key: 'rejection_rate', title: '驳回率', align: 'right', render: (_, r) => percent(r.rejection_rate) },
  ];
}

/** The 合计 row of a figures table. */
function totalRow(s: PlatformCensusFigures, leading: number) {
  const cells = [
    count(s.written),
    count(s.inspected),
    count(s.approved),
    count(s.rejected),
    count(s.pending_inspection),
    count(s.void),
    percent(s.approval_rate),
    percent(s.rejection_rate),
  ];
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={leading}>
        <Typography.Text strong>合计</Typography.Text>
      </Table.Summary.Cell>
      {cells.map((text, i) => (
        <Table.Summary.Cell key={String(i)} index={leading + i} align="right">
          <Typography.Text strong>{text}</Typography.Text>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

export interface CensusTableProps {
  census: PlatformCensus;
  tab: CensusTab;
  onTab: (tab: CensusTab) => void;
  /** narrows the page to one pharmacy / doctor (a name in the table) */
  onPharmacy: (id: number) => void;
  onDoctor: (id: number) => void;
}

/** The statistics as tables (also the accessible reading of the charts): by day, pharmacy, doctor; reasons; drugs. */
export function CensusTable({ census: s, tab, onTab, onPharmacy, onDoctor }: CensusTableProps) {
  const dayColumns: TableColumnsType<PlatformCensusDay> = [
    { key: 'date', title: '日期', onCell: () => nowrap, render: (_, d) => `${d.date}（周${weekday(d.date)}）` },
    ...figureColumns<PlatformCensusDay>(),
  ];
  const pharmacyColumns: TableColumnsType<PlatformCensusPharmacy> = [
    {
      key: 'name',
      title: '药店',
      render: (_, p) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onPharmacy(p.pharmacy_id)}>
          {p.pharmacy_name || `药店 #${p.pharmacy_id}`}
        </Button>
      ),
    },
    ...figureColumns<PlatformCensusPharmacy>(),
  ];
  const doctorColumns: TableColumnsType<PlatformCensusDoctor> = [
    {
      key: 'name',
      title: '医生',
      onCell: () => nowrap,
      render: (_, d) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onDoctor(d.doctor_id)}>
          {d.doctor_name || `医生 #${d.doctor_id}`}
        </Button>
      ),
    },
    {
      key: 'hospital',
      title: '医院 / 科室 / 职称',
      render: (_, d) => [d.hospital, d.department, d.title].filter(Boolean).join(' / ') || '—',
    },
    ...figureColumns<PlatformCensusDoctor>(),
  ];
  const reasonColumns: TableColumnsType<PlatformCensusReason> = [
    { key: 'label', title: '驳回原因', render: (_, r) => r.label },
    { key: 'count', title: '驳回次数', align: 'right', render: (_, r) => count(r.count) },
    { key: 'share', title: '占比', align: 'right', render: (_, r) => `${r.share}%` },
  ];
  const drugColumns: TableColumnsType<RecipeTopDrug & { rank: number }> = [
    { key: 'rank', title: '排名', width: 64, align: 'center', render: (_, d) => d.rank },
    { key: 'name', title: '药品名称', render: (_, d) => d.name },
    { key: 'spec', title: '规格', onCell: () => nowrap, render: (_, d) => d.spec || '—' },
    { key: 'qty', title: '开具数量', align: 'right', render: (_, d) => count(d.qty) },
    { key: 'lines', title: '处方条数', align: 'right', render: (_, d) => count(d.lines) },
  ];
  const common = { size: 'small' as const, bordered: true, pagination: false as const, scroll: { x: 'max-content' } };
  const withTotal = (leading: number) => () => (
    <Table.Summary fixed="bottom">{totalRow(s.summary, leading)}</Table.Summary>
  );

  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => onTab(key as CensusTab)}
      items={[
        {
          key: 'day',
          label: '按日',
          children: (
            <FocusableScroll label="按日明细（可滚动）">
              <Table<PlatformCensusDay>
                {...common}
                data-testid="census-day-table"
                rowKey="date"
                columns={dayColumns}
                dataSource={s.days}
                scroll={{ x: 'max-content', y: 480 }}
                summary={withTotal(1)}
              />
            </FocusableScroll>
          ),
        },
        {
          key: 'pharmacy',
          label: `按药店（${s.by_pharmacy.length}）`,
          children: (
            <Table<PlatformCensusPharmacy>
              {...common}
              data-testid="census-pharmacy-table"
              rowKey="pharmacy_id"
              columns={pharmacyColumns}
              dataSource={s.by_pharmacy}
              summary={s.by_pharmacy.length ? withTotal(1) : undefined}
            />
          ),
        },
        {
          key: 'doctor',
          label: `按医生（${s.by_doctor.length}）`,
          children: (
            <Table<PlatformCensusDoctor>
              {...common}
              data-testid="census-doctor-table"
              rowKey="doctor_id"
              columns={doctorColumns}
              dataSource={s.by_doctor}
              summary={s.by_doctor.length ? withTotal(2) : undefined}
            />
          ),
        },
        {
          key: 'reason',
          label: '驳回原因',
          children: (
            <Table<PlatformCensusReason>
              {...common}
              rowKey="code"
              columns={reasonColumns}
              dataSource={s.reject_reasons}
              locale={{ emptyText: '该时间段内没有驳回的处方' }}
            />
          ),
        },
        {
          key: 'drug',
          label: '常用药品',
          children: (
            <Table<RecipeTopDrug & { rank: number }>
              {...common}
              rowKey="product_id"
              columns={drugColumns}
              dataSource={s.top_drugs.map((d, i) => ({ ...d, rank: i + 1 }))}
              locale={{ emptyText: '该时间段内没有开具药品' }}
            />
          ),
        },
      ]}
    />
  );
}
