/** The patient's chat query keys (docs/chat.md "Patient page"): frames and sends update `mine` in place. */
export const chatKeys = {
  all: ['patient', 'chat'] as const,
  mine: () => [...chatKeys.all, 'mine'] as const,
  /** My recent orders, for the order card and the pharmacy picker's "ordered from" section. */
  recentOrders: () => [...chatKeys.all, 'recent-orders'] as const,
};
