import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** A list of cards to choose one from (就诊人, 收货地址): a radio group a thumb can hit. */
export function ChoiceList<T extends { id: number }>({
  label,
  items,
  value,
  onChange,
  render,
}: {
  label: string;
  items: readonly T[];
  value: number | null;
  onChange: (id: number) => void;
  render: (item: T) => ReactNode;
}) {
  return (
    <div role="radiogroup" aria-label={label}>
      {items.map((item) => {
        const checked = item.id === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a card-sized radio; <input type=radio> cannot hold the card
          <button
            key={item.id}
            type="button"
            role="radio"
            aria-checked={checked}
            className="patient-choice"
            onClick={() => onChange(item.id)}
          >
            <span className="patient-choice-body">{render(item)}</span>
            <CheckCircleFilled
              aria-hidden="true"
              style={{ fontSize: 18, color: checked ? 'var(--patient-green)' : '#d9d9d9' }}
            />
          </button>
        );
      })}
    </div>
  );
}
