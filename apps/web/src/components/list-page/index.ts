export { ListDateRange, type ListDateRangeProps } from './list-date-range';
export { ListKeywordSearch, type ListKeywordSearchProps } from './list-keyword-search';
export { type ListDialog, ListPage, type ListPageProps, type RowAction } from './list-page';
export {
  ACTION_ID_PARAM,
  ACTION_PARAM,
  type ListAction,
  type ListSort,
  parseListAction,
  parseListQuery,
  parseSort,
  SORT_PARAM,
  serializeListQuery,
  sortParam,
} from './list-query';
export {
  type ListPageState,
  type ListQueryShape,
  listPagination,
  type SetQueryOptions,
  type UseListPageOptions,
  useListPage,
} from './use-list-page';
