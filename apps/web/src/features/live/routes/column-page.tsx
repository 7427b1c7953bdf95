import { DraftNote, UnderConstruction } from '../../../components/under-construction';

/** Kept alive while hidden (route metadata keepAlive); the draft shows its state surviving navigation. */
export default function ColumnPage() {
  return (
    <UnderConstruction title="专栏管理">
      <DraftNote />
    </UnderConstruction>
  );
}
