import { Button, Card, Flex, Form, Space, Table, type TableProps } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { type Key, type ReactNode, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { type PermissionScope, useScopedPermission } from '../permission-gate';
import { ConfirmButton } from './confirm-button';
import type { ListPageState, ListQueryShape } from './use-list-page';

export interface RowAction<T> {
  key: string;
  label: string;
  /** Permission key the action needs; checked in the page's permission scope. */
  permission?: string;
  /** Whether the action applies to this row at all (e.g. 标为已读 only on unread rows). */
  visible?: (row: T) => boolean;
  danger?: boolean;
  /** Ask first (Popconfirm) with this title. */
  confirm?: string;
  /** What the action does; without it the action opens the dialog of the same key for the row (`?action=key&id=`). */
  onClick?: (row: T) => unknown;
}

export interface ListDialog {
  /** Permission key the dialog needs; a URL naming a dialog the user may not open shows nothing. */
  permission?: string;
  render: (ctx: { id: string | null; close: () => void }) => ReactNode;
}

export interface ListPageProps<T extends object, Q extends ListQueryShape> {
  list: ListPageState<Q>;
  /** Filter fields (antd Form.Items named after query keys). */
  filters?: ReactNode;
  /** 'submit' (查询/重置 buttons, default) or 'change' (every change applies at once, for radios and selects). */
  filterMode?: 'submit' | 'change';
  /** Buttons above the table (bulk actions, create …). */
  toolbar?: ReactNode;
  columns: ColumnsType<T>;
  rowKey: (keyof T & string) | ((row: T) => Key);
  rows: T[] | undefined;
  total: number | undefined;
  loading?: boolean;
  rowActions?: RowAction<T>[];
  /** Width of the 操作 column. */
  actionsWidth?: number;
  /**
   * Whose keys row actions and dialogs are checked against: the current pharmacy's, the operator's, or none (a page
   * whose actions need no key); a function for a page with its own rule.
   */
  scope: PermissionScope | ((permission?: string) => boolean);
  dialogs?: Record<string, ListDialog>;
  rowSelection?: TableProps<T>['rowSelection'];
  /** Accessible name of the table. */
  label: string;
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'onChange' | 'loading'>;
}

/**
 * antd's table (rc-table) measures the browser's scrollbar on every mount, to line a fixed header (scroll.y) up with
 * its body: a style element added and removed and a forced style and layout of the whole page, the costliest step of a
 * list page's first render on a slow phone. rc-table skips it for its `tailor` tables (antd passes unknown props
 * through); `tailor` changes nothing else without a numeric scroll.x. A list page without a fixed header sets it.
 */
const skipScrollbarMeasure = { tailor: true } as object;

const keyOf = <T,>(rowKey: ListPageProps<T & object, ListQueryShape>['rowKey'], row: T): Key =>
  typeof rowKey === 'function' ? rowKey(row as T & object) : (row[rowKey as keyof T] as Key);

const columnField = <T,>(c: ColumnType<T>) =>
  c.key !== undefined ? String(c.key) : Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : String(c.dataIndex);

/**
 * The list page, built once (style.md): filter form + table + pagination (条/页, 共 N 条) + row actions filtered by
 * permission + dialogs opened from the URL. A module's screen is then its columns, filter fields and dialogs.
 */
export function ListPage<T extends object, Q extends ListQueryShape>(props: ListPageProps<T, Q>) {
  const { list, rows, total, columns, rowActions = [], dialogs = {}, filterMode = 'submit' } = props;
  const scoped = useScopedPermission(typeof props.scope === 'function' ? 'none' : props.scope);
  const can = typeof props.scope === 'function' ? props.scope : scoped;
  const [form] = Form.useForm();
  const tableWrapper = useRef<HTMLDivElement>(null);
  // The rows arrive through a store subscription, which React renders synchronously; deferring them lets React render
  // the table in small slices, so the page stays responsive while a page of rows is built.
  const shownRows = useDeferredValue(rows);

  // antd's hidden measure row (scroll.x) is aria-hidden yet holds focusable copies of the cells: make it inert.
  useEffect(() => {
    for (const row of tableWrapper.current?.querySelectorAll('.ant-table-measure-row') ?? [])
      row.setAttribute('inert', '');
  });

  // Keep the form showing what the URL says (back button, links, reset).
  useEffect(() => {
    const current = form.getFieldsValue();
    const changed = Object.keys(current).filter((n) => current[n] !== list.query[n]);
    // Setting a field re-renders it synchronously: only touch the ones that differ (none on the first render).
    if (changed.length) form.setFieldsValue(Object.fromEntries(changed.map((n) => [n, list.query[n]])));
  }, [form, list.query]);

  // A page past the end (after deletions, or an edited URL) goes to the last page that exists.
  useEffect(() => {
    if (total === undefined || props.loading) return;
    const last = Math.max(1, Math.ceil(total / list.query.page_size));
    if (list.query.page > last) list.setPage(last);
  }, [total, props.loading, list]);

  const sortedColumns = useMemo(
    () =>
      columns.map((c) => {
        const col = c as ColumnType<T>;
        if (!col.sorter) return c;
        const field = columnField(col);
        return {
          ...c,
          sortOrder: list.sort?.field === field ? (list.sort.order === 'asc' ? 'ascend' : 'descend') : null,
        };
      }) as ColumnsType<T>,
    [columns, list.sort],
  );

  const allowedActions = rowActions.filter((a) => can(a.permission));
  const allColumns: ColumnsType<T> = allowedActions.length
    ? [
        ...sortedColumns,
        {
          key: '__actions',
          title: '操作',
          width: props.actionsWidth,
          // Pinned only when the page asks antd for a scrolling table (tableProps.scroll.x).
          fixed: props.tableProps?.scroll?.x ? 'right' : undefined,
          render: (_: unknown, row: T) => (
            <Space size={0} wrap>
              {allowedActions
                .filter((a) => !a.visible || a.visible(row))
                .map((a) => {
                  const run = () =>
                    a.onClick ? a.onClick(row) : list.openAction(a.key, String(keyOf(props.rowKey, row)));
                  return a.confirm ? (
                    <ConfirmButton
                      key={a.key}
                      title={a.confirm}
                      onConfirm={run}
                      type="link"
                      size="small"
                      danger={a.danger}
                    >
                      {a.label}
                    </ConfirmButton>
                  ) : (
                    <Button key={a.key} type="link" size="small" danger={a.danger} onClick={() => void run()}>
                      {a.label}
                    </Button>
                  );
                })}
            </Space>
          ),
        },
      ]
    : sortedColumns;

  const filterNames = () => Object.keys(form.getFieldsValue()) as (keyof Q & string)[];
  const normalise = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' || v === null ? undefined : v]));

  const dialog = list.action ? dialogs[list.action.key] : undefined;
  const dialogAllowed = dialog && can(dialog.permission);

  return (
    <Flex vertical gap={16}>
      {props.filters ? (
        <Card size="small">
          <Form
            form={form}
            layout="inline"
            initialValues={list.query}
            onFinish={(values) => list.setQuery(normalise(values) as Partial<Q>)}
            onValuesChange={(changed) => {
              if (filterMode === 'change') list.setQuery(normalise(changed) as Partial<Q>);
            }}
            style={{ rowGap: 12 }}
          >
            {props.filters}
            {filterMode === 'submit' ? (
              <Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit">
                    查询
                  </Button>
                  <Button onClick={() => list.resetFilters(filterNames())}>重置</Button>
                </Space>
              </Form.Item>
            ) : null}
          </Form>
        </Card>
      ) : null}
      {props.toolbar ? (
        <Flex gap={8} wrap>
          {props.toolbar}
        </Flex>
      ) : null}
      {/* A wide table scrolls inside this box on a narrow window. antd's own horizontal scrolling (scroll.x) measures
          every column after each render and renders the rows again; a page that needs pinned columns opts in. */}
      <div ref={tableWrapper} className="list-page-table">
        <Table<T>
          aria-label={props.label}
          {...props.tableProps}
          rowKey={props.rowKey as TableProps<T>['rowKey']}
          columns={allColumns}
          dataSource={shownRows}
          loading={props.loading || shownRows !== rows}
          rowSelection={props.rowSelection}
          scroll={props.tableProps?.scroll}
          {...(props.tableProps?.scroll?.y === undefined ? skipScrollbarMeasure : {})}
          {...list.tableProps<T>(total ?? 0)}
        />
      </div>
      {dialog && dialogAllowed ? dialog.render({ id: list.action?.id ?? null, close: list.closeAction }) : null}
    </Flex>
  );
}
