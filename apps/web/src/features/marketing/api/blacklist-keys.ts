import type { BlackUserListQuery } from '@pharmacy/shared';

/** The blacklist page's query keys (per pharmacy): a write invalidates `all`. */
export const blacklistKeys = {
  all: ['marketing', 'blacklist'] as const,
  list: (pharmacyId: number | null, query: BlackUserListQuery) =>
    [...blacklistKeys.all, 'list', pharmacyId, query] as const,
};
