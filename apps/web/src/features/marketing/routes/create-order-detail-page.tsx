import { DraftNote, UnderConstruction } from '../../../components/under-construction';

/** Kept alive while hidden (route metadata keepAlive); the draft shows its state surviving navigation. */
export default function CreateOrderDetailPage() {
  return (
    <UnderConstruction title="下单详情">
      <DraftNote />
    </UnderConstruction>
  );
}
