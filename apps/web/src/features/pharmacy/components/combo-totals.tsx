import { Flex, Typography } from 'antd';

export interface ComboTotalsProps {
  /** Σ price × qty, two decimals (shared comboTotals: decimal arithmetic, never floats). */
  itemsTotal: string;
  /** The package price as typed, or null while empty / invalid. */
  price: string | null;
  saving: string;
}

/** 商品合计 / 套餐价 / 节省: the combo's sums, read from decimal strings exactly as computed. */
export function ComboTotals({ itemsTotal, price, saving }: ComboTotalsProps) {
  const negative = saving.startsWith('-');
  return (
    <Flex gap={24} wrap align="baseline" role="group" aria-label="套餐金额">
      <span>
        商品合计{' '}
        <Typography.Text strong data-testid="combo-items-total">
          ¥{itemsTotal}
        </Typography.Text>
      </span>
      <span>
        套餐价{' '}
        <Typography.Text strong data-testid="combo-price">
          {price ? `¥${price}` : '—'}
        </Typography.Text>
      </span>
      {price ? (
        <Typography.Text
          style={{ color: negative ? savingColors.loss : savingColors.gain }}
          strong
          data-testid="combo-saving"
        >
          {negative ? `比原价贵 ¥${saving.slice(1)}` : `节省 ¥${saving}`}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The saving's colours: antd's success / danger greens and reds are too light on white (WCAG AA needs 4.5:1). */
export const savingColors = { gain: '#237804', loss: '#cf1322' } as const;
