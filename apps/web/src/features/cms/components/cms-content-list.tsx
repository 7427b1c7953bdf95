import { pageQuerySchema } from '@pharmacy/shared';
import { Alert, Button, Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { z } from 'zod';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { useQuery } from '../../../lib/use-query';
import { useCmsFields, useDeleteCmsItem, useSwapCmsSort } from '../api/cms-admin';
import { type CmsItem, cmsItemsQueryOptions } from '../api/get-cms-items';
import { websiteKeys } from '../api/website-keys';
import {
  type CmsCollection,
  cmsCollectionLabels,
  cmsCollections,
  cmsFieldLabels,
  cmsStatusLabels,
} from './cms-collections';
import { type FormField, formFieldsFromRows, formFieldsFromSchema } from './cms-form-fields';
import { CmsItemDialog } from './cms-item-dialog';

const contentQuerySchema = pageQuerySchema.extend({
  collection: z.enum(cmsCollections).catch('home_swiper').default('home_swiper'),
  search: z.string().trim().max(100).optional().catch(undefined),
});
type ContentQuery = z.infer<typeof contentQuerySchema>;

// The operator sees the collections by their Chinese names only; the codes are the API's business.
const collectionOptions = cmsCollections.map((c) => ({ value: c, label: cmsCollectionLabels[c] }));

function cellOf(field: FormField) {
  return (value: unknown, row: CmsItem) => {
    if (field.kind === 'image')
      return typeof value === 'string' && value ? (
        <ImageWithFallback
          src={value}
          alt={String(row.title ?? row.name ?? row.id)}
          width={64}
          height={40}
          loading="lazy"
          style={{ objectFit: 'contain' }}
        />
      ) : (
        '—'
      );
    if (field.kind === 'status')
      return (
        <Tag color={value === 'published' ? 'green' : 'default'}>{cmsStatusLabels[String(value)] ?? String(value)}</Tag>
      );
    if (field.kind === 'boolean') return value ? '是' : '否';
    if (value === null || value === undefined || value === '') return '—';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}

/** The operator's content editor: pick a collection, list its rows, create / edit / delete, reorder by `sort`. */
export function CmsContentList() {
  const list = useListPage({ querySchema: contentQuerySchema });
  const query = list.query as ContentQuery;
  const collection = query.collection;
  const label = cmsCollectionLabels[collection];
  const items = useQuery({
    ...cmsItemsQueryOptions(collection, {
      sort: 'sort,id',
      page: query.page,
      limit: query.page_size,
      search: query.search,
      meta: 'filter_count',
    }),
    // Paging within a collection keeps the old page on screen while the next loads; another collection's rows never
    // stand in for this one's (their fields would feed the 新增 dialog of the wrong collection).
    placeholderData: (previous, previousQuery) =>
      previousQuery && websiteKeys.cmsCollection(collection).every((part, i) => previousQuery.queryKey[i] === part)
        ? previous
        : undefined,
  });
  const fieldsQuery = useCmsFields(collection);
  const rows = items.data?.data;

  const fields = useMemo<FormField[]>(() => {
    if (fieldsQuery.data?.length) return formFieldsFromSchema(fieldsQuery.data);
    return rows?.length ? formFieldsFromRows(rows) : [];
  }, [fieldsQuery.data, rows]);

  const columns = useMemo<ColumnsType<CmsItem>>(
    () => [
      { key: 'id', title: '编号', dataIndex: 'id', width: 72 },
      ...fields
        .filter((f) => f.kind !== 'json' && f.kind !== 'textarea')
        .slice(0, 7)
        .map((f) => ({ key: f.name, title: cmsFieldLabels[f.name] ?? f.name, dataIndex: f.name, render: cellOf(f) })),
    ],
    [fields],
  );

  const remove = useDeleteCmsItem();
  const swap = useSwapCmsSort();
  const hasSort = fields.some((f) => f.name === 'sort');
  const indexOf = (row: CmsItem) => rows?.findIndex((r) => r.id === row.id) ?? -1;
  const move = (row: CmsItem, by: -1 | 1) => {
    const other = rows?.[indexOf(row) + by];
    if (!other) return;
    swap.mutate({ collection, a: row, b: other }, { onSuccess: () => dialogToast.success('顺序已调整') });
  };

  const rowActions: RowAction<CmsItem>[] = [
    { key: 'edit', label: '编辑' },
    { key: 'up', label: '上移', visible: (r) => hasSort && indexOf(r) > 0, onClick: (r) => move(r, -1) },
    {
      key: 'down',
      label: '下移',
      visible: (r) => hasSort && rows !== undefined && indexOf(r) < rows.length - 1,
      onClick: (r) => move(r, 1),
    },
    {
      key: 'delete',
      label: '删除',
      danger: true,
      confirm: '确定删除这条内容吗？',
      onClick: (r) =>
        remove.mutateAsync({ collection, id: r.id }).then(
          () => dialogToast.success('已删除'),
          () => undefined,
        ),
    },
  ];

  const nextSort = Math.max(0, ...(rows ?? []).map((r) => Number(r.sort ?? 0))) + 1;
  const editing = list.action?.key === 'edit' ? rows?.find((r) => String(r.id) === list.action?.id) : undefined;
  const noFields = !items.isLoading && !fieldsQuery.isLoading && fields.length === 0;

  return (
    <>
      {noFields ? (
        <Alert type="warning" showIcon title="无法读取该集合的字段，暂不能新增内容" style={{ marginBottom: 16 }} />
      ) : null}
      <ListPage<CmsItem, ContentQuery>
        label={`${label}列表`}
        list={list}
        filters={
          <>
            <Form.Item name="collection" label="集合">
              {/* A collection switch applies at once (the search waits for 查询): the table, the 新增 button and the
                  dialogs always belong to the collection the select shows. */}
              <Select
                options={collectionOptions}
                style={{ width: 200 }}
                onChange={(next: CmsCollection) => list.setQuery({ collection: next })}
              />
            </Form.Item>
            <Form.Item name="search" label="搜索">
              <Input allowClear placeholder="按文字内容搜索" maxLength={100} style={{ width: 200 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <Button type="primary" disabled={fields.length === 0} onClick={() => list.openAction('create')}>
            新增{label}
          </Button>
        }
        columns={columns}
        rowKey="id"
        rows={rows}
        total={items.data?.meta?.filter_count ?? rows?.length}
        loading={items.isFetching || swap.isPending}
        rowActions={rowActions}
        scope="admin"
        tableProps={{ locale: { emptyText: '暂无数据' }, size: 'middle' }}
        dialogs={{
          create: {
            render: ({ close }) => (
              <CmsItemDialog
                collection={collection}
                collectionLabel={label}
                fields={fields}
                nextSort={nextSort}
                onClose={close}
              />
            ),
          },
          edit: {
            render: ({ close }) =>
              editing ? (
                <CmsItemDialog
                  collection={collection}
                  collectionLabel={label}
                  fields={fields}
                  item={editing}
                  nextSort={nextSort}
                  onClose={close}
                />
              ) : null,
          },
        }}
      />
    </>
  );
}
