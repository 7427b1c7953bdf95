/** The patient's complaint query keys: a submission invalidates `all`. */
export const complaintKeys = {
  all: ['patient', 'complaint'] as const,
  mine: () => [...complaintKeys.all, 'mine'] as const,
  targets: (kind: string) => [...complaintKeys.all, 'targets', kind] as const,
};
