import type { CourierListQuery } from '@pharmacy/shared';

/**
 * Query keys of the settings pages, defined once. Invalidating `all` refreshes the settings, the qualifications, the
 * header's expiry alert and the couriers (a courier change moves the default courier shown in the settings).
 */
export const settingsKeys = {
  all: ['pharmacy-settings'] as const,
  setting: () => [...settingsKeys.all, 'setting'] as const,
  receivingAccount: () => [...settingsKeys.all, 'receiving-account'] as const,
  qualifications: () => [...settingsKeys.all, 'qualifications'] as const,
  alerts: () => [...settingsKeys.all, 'alerts'] as const,
  couriers: () => [...settingsKeys.all, 'couriers'] as const,
  courierList: (query: CourierListQuery) => [...settingsKeys.couriers(), 'list', query] as const,
  courierDetail: (id: number) => [...settingsKeys.couriers(), 'detail', id] as const,
  companies: () => [...settingsKeys.all, 'companies'] as const,
};
