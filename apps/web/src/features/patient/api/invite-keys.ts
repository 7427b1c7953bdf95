/** The invitation landing page's query keys. */
export const inviteKeys = {
  all: ['patient', 'invite'] as const,
  preview: (target: { scene?: string; staff?: number }) => [...inviteKeys.all, target] as const,
};
