import { uploadContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** Uploads a qualification image through the platform's upload endpoint; answers its URL. */
export async function uploadQualificationImage(file: File): Promise<string> {
  return (await callApi(uploadContracts.upload, { file, folder: 'aptitude' })).url;
}
