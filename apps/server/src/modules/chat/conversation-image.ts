import { randomBytes } from 'node:crypto';

/**
 * Chat images (docs/chat.md): the file is stored under a random upload name (`<24 chars>.<ext>`, served by the
 * uploads module's GET /upload/:key like every upload) and a marker under `chat/<name>` records that the chat's own
 * upload made it. A message's `image_key` is that marker's key: a send accepts only keys of this form whose marker
 * exists, never another upload's name or a path of the client's making.
 */
const chatImageKeyPattern = /^chat\/([A-Za-z0-9_-]{24}\.(?:png|jpg|webp))$/;

export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** A fresh upload name and its chat key. */
export function newChatImage(ext: 'png' | 'jpg' | 'webp'): { name: string; key: string } {
  const name = `${randomBytes(18).toString('base64url')}.${ext}`;
  return { name, key: `chat/${name}` };
}

/** The upload name inside a chat image key, or null when the key is not one. */
export function parseChatImageKey(key: string): string | null {
  return chatImageKeyPattern.exec(key)?.[1] ?? null;
}

export const chatImageUrl = (name: string) => `/api/v1/upload/${name}`;
