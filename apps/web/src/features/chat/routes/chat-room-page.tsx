import { UnderConstruction } from '../../../components/under-construction';

/** Kept alive while hidden (route metadata keepAlive). */
export default function ChatRoomPage() {
  return <UnderConstruction title="聊天室" />;
}
