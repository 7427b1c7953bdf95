/** The website feature's query keys, defined once. */
export const websiteKeys = {
  all: ['website'] as const,
  cms: (collection: string, params: object) => [...websiteKeys.all, 'cms', collection, params] as const,
  cmsCollection: (collection: string) => [...websiteKeys.all, 'cms', collection] as const,
  cmsFields: (collection: string) => [...websiteKeys.all, 'cms-fields', collection] as const,
  pharmacies: () => [...websiteKeys.all, 'pharmacies'] as const,
  pharmacy: (id: number) => [...websiteKeys.all, 'pharmacy', id] as const,
  totals: () => [...websiteKeys.all, 'totals'] as const,
};
