import type { MemberListQuery } from '@pharmacy/shared';

/**
 * The members module's query keys, defined once. Each names the pharmacy: the pharmacyid header changes the answer, so
 * a switch never shows the previous pharmacy's members, even as placeholder data.
 */
export const memberKeys = {
  all: ['members'] as const,
  pharmacy: (pharmacyId: number | null) => [...memberKeys.all, pharmacyId] as const,
  list: (pharmacyId: number | null, query: MemberListQuery) =>
    [...memberKeys.pharmacy(pharmacyId), 'list', query] as const,
  card: (pharmacyId: number | null, id: number) => [...memberKeys.pharmacy(pharmacyId), 'card', id] as const,
  options: (pharmacyId: number | null) => [...memberKeys.pharmacy(pharmacyId), 'options'] as const,
};
