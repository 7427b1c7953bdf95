import type { OrderSummary } from '@pharmacy/shared';
import type { ListAction } from '../../../../components/list-page';
import { LogisticsDialog } from './logistics-dialog';
import { PrintLabelsDialog } from './print-labels-dialog';
import { SendGoodDialog } from './send-good-dialog';
import { SendListDialog } from './send-list-dialog';
import { SfSendGoodDialog } from './sf-send-good-dialog';

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

export function ShippingDialogs({ action, order, selectedIds, onClose }: ShippingDialogsProps) {
  if (!action) return null;
  const id = Number(action.id);
  const hasId = Number.isInteger(id) && id > 0;
  switch (action.key) {
    case 'send-good':
      return hasId ? <SendGoodDialog id={id} order={order} onClose={onClose} /> : null;
    case 'sf-send-good':
      return hasId ? <SfSendGoodDialog id={id} order={order} onClose={onClose} /> : null;
    case 'logistics':
      return hasId ? <LogisticsDialog id={id} order={order} onClose={onClose} /> : null;
    case 'send-list':
      return <SendListDialog onClose={onClose} />;
    case 'print':
      return <PrintLabelsDialog ids={selectedIds} onClose={onClose} />;
    default:
      return null;
  }
}
