/** Query keys of 权限管理 (the operator's own data: no pharmacy). */
export const permissionKeys = {
  all: ['operator', 'permission'] as const,
  operators: (query: object) => [...permissionKeys.all, 'operators', query] as const,
  managers: (query: object) => [...permissionKeys.all, 'managers', query] as const,
  audit: (query: object) => [...permissionKeys.all, 'audit', query] as const,
};
