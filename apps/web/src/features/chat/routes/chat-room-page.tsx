import { DraftNote, UnderConstruction } from '../../../components/under-construction';

/** Kept alive while hidden (route metadata keepAlive); the draft shows its state surviving navigation. */
export default function ChatRoomPage() {
  return (
    <UnderConstruction title="聊天室">
      <DraftNote />
    </UnderConstruction>
  );
}
