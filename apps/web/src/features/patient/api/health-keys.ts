/** The patient's health record query keys: a submission or a measurement invalidates `all`. */
export const healthKeys = {
  all: ['patient', 'health'] as const,
  mine: () => [...healthKeys.all, 'mine'] as const,
  chart: (familyMemberId: number) => [...healthKeys.all, 'chart', familyMemberId] as const,
};
