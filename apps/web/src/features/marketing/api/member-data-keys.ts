/** 会员数据's query keys, defined once (the pharmacy's and the operator's figures under separate keys). */
export const memberDataKeys = {
  all: ['marketing', 'member-data'] as const,
  daily: (scope: 'pharmacy' | 'admin', query: object) => [...memberDataKeys.all, 'daily', scope, query] as const,
  lives: (scope: 'pharmacy' | 'admin', query: object) => [...memberDataKeys.all, 'lives', scope, query] as const,
  pharmacies: () => [...memberDataKeys.all, 'pharmacies'] as const,
};
