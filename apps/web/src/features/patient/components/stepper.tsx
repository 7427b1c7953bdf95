import { MinusOutlined, PlusOutlined } from '@ant-design/icons';

/** − qty + : the cart's quantity control (0 removes the line). */
export function Stepper({
  value,
  max,
  onChange,
  label,
}: {
  value: number;
  max: number;
  onChange: (qty: number) => void;
  label: string;
}) {
  return (
    <span className="patient-stepper">
      <button type="button" aria-label={`减少${label}`} onClick={() => onChange(value - 1)}>
        <MinusOutlined />
      </button>
      <output aria-label={`${label}数量`}>{value}</output>
      <button type="button" aria-label={`增加${label}`} disabled={value >= max} onClick={() => onChange(value + 1)}>
        <PlusOutlined />
      </button>
    </span>
  );
}

/** The round + that puts an item in the cart. */
export function AddButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="patient-add"
      aria-label={`加入购物车：${label}`}
      disabled={disabled}
      onClick={onClick}
    >
      <PlusOutlined />
    </button>
  );
}
