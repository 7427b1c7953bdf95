import { chatPatientContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** Uploads a chat image (jpg / png / webp, at most 5 MB); the key goes into an image message. */
export function uploadChatImage(file: File) {
  return callApi(chatPatientContracts.upload, { file });
}
