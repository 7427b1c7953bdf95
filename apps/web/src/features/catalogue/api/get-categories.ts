import { useQuery } from '../../../lib/use-query';
import { type CmsCategory, cmsItemsQueryOptions } from './get-cms-items';

export interface CategoryNode extends CmsCategory {
  children: CmsCategory[];
}

/** The two-level category tree: `category` (top level) with its `sub_category` rows. */
export function buildCategoryTree(top: CmsCategory[], subs: CmsCategory[]): CategoryNode[] {
  return top.map((c) => ({ ...c, children: subs.filter((s) => s.parent_id === c.id) }));
}

export function useCategoryTree() {
  const top = useQuery(cmsItemsQueryOptions('category', { sort: 'sort', limit: -1 }));
  const subs = useQuery(cmsItemsQueryOptions('sub_category', { sort: 'sort', limit: -1 }));
  return {
    tree: top.data && subs.data ? buildCategoryTree(top.data, subs.data) : undefined,
    isLoading: top.isLoading || subs.isLoading,
    isError: top.isError || subs.isError,
  };
}
