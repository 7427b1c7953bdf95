import type { OrderSummary } from '@pharmacy/shared';
import type { ListAction } from '../../../../components/list-page';

/**
 * The order list's shipping dialogs, opened through the list's URL action (list.openAction(key, id)):
 * `send-good` (one order, id), `sf-send-good` (one order, id), `logistics` (one order, id), `send-list` (batch
 * upload, no id), `print` (SF labels of the selected orders, no id). Built by the shipping part of issue 12.
 */
export interface ShippingDialogsProps {
  action: ListAction | null;
  /** the order the action's id names, when it is on the current page */
  order: OrderSummary | null;
  /** the ids selected in the list (batch print) */
  selectedIds: number[];
  onClose: () => void;
}

export function ShippingDialogs(_props: ShippingDialogsProps) {
  return null;
}
