export {
  ChatBubble,
  type ChatBubbleProps,
  type ChatBubbleState,
  ChatImageThumb,
  ChatOrderCard,
  type ChatOrderPayloadLike,
  ChatProductCard,
  type ChatProductPayloadLike,
  ChatSystemLine,
} from './chat-bubble';
export { type ChatCannedOption, ChatComposer, type ChatComposerProps } from './chat-composer';
export { type ChatListEntry, ChatMessageList, type ChatMessageListProps } from './chat-message-list';
export { chatTime } from './chat-time';
