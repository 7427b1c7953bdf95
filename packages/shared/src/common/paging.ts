import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const pageSizeOptions = [10, 20, 50, 100];

/** Paging query shared by the server's querystring validation and the console's URL state. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageResultSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

export interface PageResult<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Pagination labels (spec §9): antd's zh_CN gives 条/页; the total needs showTotal. */
export const showTotalText = (total: number) => `共 ${total} 条`;
export const PAGE_SIZE_SUFFIX = '条/页';
