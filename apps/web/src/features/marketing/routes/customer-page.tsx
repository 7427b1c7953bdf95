import { DraftNote, UnderConstruction } from '../../../components/under-construction';

/** Kept alive while hidden (route metadata keepAlive); the draft shows its state surviving navigation. */
export default function CustomerPage() {
  return (
    <UnderConstruction title="会员管理">
      <DraftNote />
    </UnderConstruction>
  );
}
