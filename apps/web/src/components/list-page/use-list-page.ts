import { PAGE_SIZE_SUFFIX, pageSizeOptions, showTotalText } from '@pharmacy/shared';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  type ListAction,
  type ListSort,
  parseListAction,
  parseListQuery,
  parseSort,
  SORT_PARAM,
  schemaDefaults,
  serializeListQuery,
} from './list-query';

/** A list query: paging (page from 1, page_size) plus the list's own filters and, optionally, `sort`. */
export type ListQueryShape = { page: number; page_size: number; sort?: string } & Record<string, unknown>;

export interface UseListPageOptions<S extends z.ZodType<ListQueryShape, unknown>> {
  /** The zod schema of the list's query (usually `pageQuerySchema.extend({...})`); it must accept `{}`. */
  querySchema: S;
}

export interface SetQueryOptions {
  /** Go back to page 1 (default: true, since new filters make the old page meaningless). */
  resetPage?: boolean;
  /** Replace the history entry instead of adding one. */
  replace?: boolean;
}

/** antd's pagination, set once for every table: 条/页 (size changer) and 共 N 条 (showTotal). */
export function listPagination(page: number, pageSize: number, total: number): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions,
    showTotal: showTotalText,
    locale: { items_per_page: PAGE_SIZE_SUFFIX },
  };
}

export interface ListPageState<Q extends ListQueryShape> {
  /** The parsed query (page, page_size, sort, filters); invalid URL values are replaced by the schema's defaults. */
  query: Q;
  defaults: Q;
  sort: ListSort | null;
  /** The dialog the URL opens (`?action=<key>&id=<id>`), if any. */
  action: ListAction | null;
  setQuery: (patch: Partial<Q>, options?: SetQueryOptions) => void;
  /** Clears the given filter keys back to their defaults. */
  resetFilters: (keys: (keyof Q & string)[]) => void;
  setPage: (page: number, pageSize?: number) => void;
  setSort: (sort: ListSort | null) => void;
  openAction: (key: string, id?: string | number | null) => void;
  closeAction: () => void;
  /** Props for an antd Table: pagination (条/页, 共 N 条) and onChange wired to the URL. */
  tableProps: <T>(total: number) => Pick<TableProps<T>, 'pagination' | 'onChange'>;
}

/**
 * A list page's state, kept in the URL: page, page size, sort, filters and the open dialog. Any state can thus be
 * linked, reloaded and navigated with the browser's back button.
 */
export function useListPage<S extends z.ZodType<ListQueryShape, unknown>>({
  querySchema,
}: UseListPageOptions<S>): ListPageState<z.output<S>> {
  type Q = z.output<S>;
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();

  const defaults = useMemo(() => schemaDefaults(querySchema) as Q, [querySchema]);
  const { query, action } = useMemo(() => {
    const params = new URLSearchParams(search);
    return { query: parseListQuery(querySchema, params) as Q, action: parseListAction(params) };
  }, [querySchema, search]);
  const sort = parseSort(query[SORT_PARAM]);

  const write = useCallback(
    (nextQuery: Q, nextAction: ListAction | null, replace = false) => {
      setSearchParams(serializeListQuery(nextQuery, defaults, nextAction), { replace });
    },
    [setSearchParams, defaults],
  );

  const setQuery = useCallback(
    (patch: Partial<Q>, options: SetQueryOptions = {}) => {
      const next = { ...query, ...patch } as Q;
      if (options.resetPage !== false && !('page' in patch)) next.page = 1;
      write(next, action, options.replace);
    },
    [query, action, write],
  );

  const resetFilters = useCallback(
    (keys: (keyof Q & string)[]) => {
      const patch = Object.fromEntries(keys.map((k) => [k, defaults[k]])) as Partial<Q>;
      setQuery(patch);
    },
    [defaults, setQuery],
  );

  const setPage = useCallback(
    (page: number, pageSize?: number) => {
      const sizeChanged = pageSize !== undefined && pageSize !== query.page_size;
      write({ ...query, page: sizeChanged ? 1 : page, page_size: pageSize ?? query.page_size } as Q, action);
    },
    [query, action, write],
  );

  const setSort = useCallback(
    (next: ListSort | null) => {
      setQuery({ [SORT_PARAM]: next ? `${next.field}:${next.order}` : undefined } as Partial<Q>);
    },
    [setQuery],
  );

  const openAction = useCallback(
    (key: string, id?: string | number | null) => {
      write(query, { key, id: id === undefined || id === null ? null : String(id) });
    },
    [query, write],
  );

  const closeAction = useCallback(() => write(query, null), [query, write]);

  const tableProps = useCallback(
    <T>(total: number): Pick<TableProps<T>, 'pagination' | 'onChange'> => ({
      pagination: listPagination(query.page, query.page_size, total),
      onChange: (pagination, _filters, sorter, extra) => {
        if (extra.action === 'paginate') {
          setPage(pagination.current ?? 1, pagination.pageSize);
        } else if (extra.action === 'sort') {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
          const field = s?.columnKey ?? (Array.isArray(s?.field) ? s?.field.join('.') : s?.field);
          if (!s?.order || field === undefined) setSort(null);
          else setSort({ field: String(field), order: s.order === 'ascend' ? 'asc' : 'desc' });
        }
      },
    }),
    [query.page, query.page_size, setPage, setSort],
  );

  return {
    query,
    defaults,
    sort,
    action,
    setQuery,
    resetFilters,
    setPage,
    setSort,
    openAction,
    closeAction,
    tableProps,
  };
}
