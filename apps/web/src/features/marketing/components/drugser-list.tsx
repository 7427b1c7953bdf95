import {
  type AdminDrugserListQuery,
  adminDrugserListQuerySchema,
  DRUGSER_AGE_MAX,
  DRUGSER_KEYWORD_MAX,
  type Drugser,
} from '@pharmacy/shared';
import { Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { useDrugsers } from '../api/drugser-queries';
import { usePharmacyChoices } from '../api/member-data-queries';
import { DrugserHistoryTags, genderAge } from './drugser-bits';

const columns = (admin: boolean): ColumnsType<Drugser> => [
  { key: 'name', title: '用药人', dataIndex: 'name', width: 110 },
  {
    key: 'phone',
    title: '手机号',
    dataIndex: 'phone',
    width: 130,
    render: (p: string) => <span style={{ whiteSpace: 'nowrap' }}>{p || '-'}</span>,
  },
  {
    key: 'id_number',
    title: '身份证号',
    dataIndex: 'id_number',
    width: 190,
    render: (v: string) => <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{v || '-'}</span>,
  },
  { key: 'gender_age', title: '性别 / 年龄', width: 110, render: (_: unknown, row) => genderAge(row) },
  { key: 'relation', title: '关系', dataIndex: 'relation_label', width: 80 },
  {
    key: 'customer',
    title: admin ? '所属用户' : '所属客户',
    width: 150,
    render: (_: unknown, row) => (
      <Space direction="vertical" size={0}>
        <span>{row.customer_name || '未填写'}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.customer_phone}
        </Typography.Text>
      </Space>
    ),
  },
  { key: 'histories', title: '病史', render: (_: unknown, row) => <DrugserHistoryTags member={row} /> },
  {
    key: 'recipe_count',
    title: '处方',
    dataIndex: 'recipe_count',
    width: 80,
    align: 'right',
    render: (n: number) => `${n} 张`,
  },
];

const genderOptions = [
  { value: 'male', label: '男' },
  { value: 'female', label: '女' },
];
const allergyOptions = [
  { value: '1', label: '有过敏史' },
  { value: '0', label: '无过敏史' },
];

/**
 * 用药人's list: the family members of the pharmacy's customers (the operator: of the platform, by pharmacy);
 * search by name, full phone or its last four digits; gender, age range, allergy. A row opens the edit page.
 */
export function DrugserList({ scope }: { scope: 'pharmacy' | 'admin' }) {
  const admin = scope === 'admin';
  const list = useListPage({ querySchema: adminDrugserListQuerySchema });
  const query = list.query as AdminDrugserListQuery;
  const { data, isFetching } = useDrugsers(scope, query);
  const pharmacies = usePharmacyChoices(admin);
  const navigate = useNavigate();

  const rowActions: RowAction<Drugser>[] = [
    {
      key: 'edit',
      label: admin ? '查看' : '编辑',
      onClick: (row) => navigate(`/marketManage/drugser/edit?id=${row.id}`),
    },
  ];

  return (
    <ListPage<Drugser, AdminDrugserListQuery>
      label="用药人列表"
      list={list}
      scope="none"
      filters={
        <>
          <Form.Item name="keyword" label="搜索">
            <Input
              allowClear
              placeholder="姓名 / 手机号 / 手机后四位"
              maxLength={DRUGSER_KEYWORD_MAX}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item name="gender" label="性别">
            <Select allowClear placeholder="全部" options={genderOptions} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item label="年龄">
            <Space.Compact>
              <Form.Item name="age_min" noStyle>
                <InputNumber
                  aria-label="最小年龄"
                  min={0}
                  max={DRUGSER_AGE_MAX}
                  precision={0}
                  placeholder="最小"
                  style={{ width: 80 }}
                />
              </Form.Item>
              <Form.Item name="age_max" noStyle>
                <InputNumber
                  aria-label="最大年龄"
                  min={0}
                  max={DRUGSER_AGE_MAX}
                  precision={0}
                  placeholder="最大"
                  style={{ width: 80 }}
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="has_allergy" label="过敏史">
            <Select allowClear placeholder="全部" options={allergyOptions} style={{ width: 120 }} />
          </Form.Item>
          {admin && (
            <Form.Item name="pharmacy_id" label="药店">
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder="全部药店"
                loading={pharmacies.isFetching}
                options={pharmacies.data ?? []}
                style={{ width: 220 }}
              />
            </Form.Item>
          )}
        </>
      }
      toolbar={
        <Typography.Text type="secondary">
          {admin ? '平台全部用户的就诊人' : '本店客户（会员）的家庭成员'}
          ；性别与年龄由身份证号得出，手机号与身份证号已脱敏显示。
        </Typography.Text>
      }
      columns={columns(admin)}
      rowKey="id"
      rows={data?.list}
      total={data?.total}
      loading={isFetching}
      rowActions={rowActions}
      actionsWidth={80}
    />
  );
}
