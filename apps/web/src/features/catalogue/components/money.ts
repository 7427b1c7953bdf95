/** `"12.50"` → `¥12.50`; no price → 暂无报价. Money stays a string (never a float). */
export const formatYuan = (value: string | null | undefined) => (value ? `¥${value}` : '暂无报价');
