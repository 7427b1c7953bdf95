import {
  type RecipeDoctorListQuery,
  type RecipeDoctorTab,
  type RecipeSummary,
  recipeDoctorListQuerySchema,
  recipeDoctorTabs,
  recipeStatusLabels,
} from '@pharmacy/shared';
import { Flex, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import {
  ACTION_ID_PARAM,
  ACTION_PARAM,
  ListDateRange,
  ListKeywordSearch,
  ListPage,
  type RowAction,
  useListPage,
} from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { openRecipePdf } from '../api/recipe-detail';
import { useDoctorRecipes } from '../api/recipe-list';
import { useVoidRecipe } from '../api/recipe-write';
import { RecipeDetailDialog } from './recipe-detail-dialog';
import { RecipeStatusTag, recipePatientLine } from './recipe-status-tag';
import { RecipeWriteDialog, type RecipeWriteSource } from './recipe-write-dialog';

const tabLabels: Record<RecipeDoctorTab, string> = { ...recipeStatusLabels, all: '全部' };

const columns: ColumnsType<RecipeSummary> = [
  {
    key: 'recipe_no',
    title: '处方编号',
    width: 190,
    render: (_, r) => (
      <Typography.Text copyable style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {r.recipe_no}
      </Typography.Text>
    ),
  },
  {
    key: 'patient',
    title: '患者',
    width: 120,
    render: (_, r) => (
      <Flex vertical gap={2}>
        <span>{r.patient_name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {recipePatientLine(r.patient_gender, r.patient_age)}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'diagnoses',
    title: '诊断',
    width: 180,
    render: (_, r) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.diagnoses.join('；') }} style={{ margin: 0 }}>
        {r.diagnoses.join('；')}
      </Typography.Paragraph>
    ),
  },
  {
    key: 'items',
    title: '药品',
    render: (_, r) => (
      <Flex vertical gap={2}>
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.items_text }} style={{ margin: 0, minWidth: 200 }}>
          {r.items_text}
        </Typography.Paragraph>
        {r.warning_count ? (
          <Typography.Text style={{ fontSize: 12, color: '#ad4e00' }}>
            用药检查提示 {r.warning_count} 项（已说明）
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  { key: 'status', title: '状态', width: 100, render: (_, r) => <RecipeStatusTag status={r.status} /> },
  {
    key: 'created_at',
    title: '开具时间',
    width: 150,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_, r) => formatDateTime(r.created_at),
  },
];

/**
 * 处方管理: the doctor's prescriptions by status tab (with counts), searched by patient and date; 查看 (the form
 * dialog, with 续开处方), 作废 (pending ones), 打印 (the A5 PDF in a new tab); the write dialog (处方笺) opens from
 * `?write=<request id>` or, renewing an earlier prescription for its family member and pharmacy, `?renew=<recipe id>`.
 */
export function RecipeList() {
  const list = useListPage({ querySchema: recipeDoctorListQuerySchema });
  const query = list.query as RecipeDoctorListQuery;
  const { data, isFetching } = useDoctorRecipes(query);
  const voidRecipe = useVoidRecipe();
  const [searchParams, setSearchParams] = useSearchParams();
  const writeId = Number(searchParams.get('write') ?? 0);
  const renewId = Number(searchParams.get('renew') ?? 0);
  const source: RecipeWriteSource | null =
    writeId > 0 ? { kind: 'request', id: writeId } : renewId > 0 ? { kind: 'renew', id: renewId } : null;
  const counts = data?.counts;

  const closeWrite = () =>
    setSearchParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('write');
        next.delete('renew');
        return next;
      },
      { replace: true },
    );

  const rowActions: RowAction<RecipeSummary>[] = [
    { key: 'detail', label: '查看' },
    {
      key: 'void',
      label: '作废',
      danger: true,
      confirm: '作废后药师将无法审核此处方，问诊需求回到「已接诊」可重新开方。确定作废？',
      visible: (r) => r.status === 'pending_inspection',
      onClick: async (r) => {
        try {
          await voidRecipe.mutateAsync(r.id);
          dialogToast.success('处方已作废');
        } catch {
          // the http client shows why (409: inspected meanwhile)
        }
      },
    },
    {
      key: 'print',
      label: '打印',
      visible: (r) => r.status !== 'void',
      onClick: (r) => openRecipePdf(r.id).catch(() => undefined),
    },
  ];

  return (
    <Flex vertical gap={8}>
      <Tabs
        activeKey={query.status}
        onChange={(status) => list.setQuery({ status: status as RecipeDoctorTab })}
        items={recipeDoctorTabs.map((t) => ({ key: t, label: `${tabLabels[t]}${counts ? ` (${counts[t]})` : ''}` }))}
        style={{ marginBottom: -8 }}
      />
      <ListPage<RecipeSummary, RecipeDoctorListQuery>
        label="处方列表"
        list={list}
        scope="none"
        toolbar={
          <Flex gap={8} wrap align="center">
            <ListKeywordSearch
              label="按患者姓名搜索"
              placeholder="患者姓名"
              value={query.patient}
              onSearch={(v) => list.setQuery({ patient: v })}
              width={200}
            />
            <ListDateRange
              label="开具日期"
              dateFrom={query.date_from}
              dateTo={query.date_to}
              onChange={(range) => list.setQuery(range)}
            />
            {query.recipe_no ? (
              <Typography.Text type="secondary">
                处方编号：{query.recipe_no}{' '}
                <Typography.Link onClick={() => list.setQuery({ recipe_no: undefined })}>清除</Typography.Link>
              </Typography.Text>
            ) : null}
          </Flex>
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={170}
        dialogs={{
          detail: {
            render: ({ id, close }) => (
              <RecipeDetailDialog
                id={Number(id)}
                onClose={close}
                onRenew={(r) =>
                  setSearchParams((p) => {
                    const next = new URLSearchParams(p);
                    next.delete(ACTION_PARAM);
                    next.delete(ACTION_ID_PARAM);
                    next.set('renew', String(r.id));
                    return next;
                  })
                }
              />
            ),
          },
        }}
      />
      {source ? (
        <RecipeWriteDialog
          key={`${source.kind}-${source.id}`}
          source={source}
          onClose={closeWrite}
          onWritten={(r) => {
            closeWrite();
            list.openAction('detail', r.id);
          }}
        />
      ) : null}
    </Flex>
  );
}
