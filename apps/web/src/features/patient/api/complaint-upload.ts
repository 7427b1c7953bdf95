import { reportContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** Uploads a complaint image (jpg / png / webp, at most 5 MB); its url goes into the complaint's images. */
export function uploadComplaintImage(file: File) {
  return callApi(reportContracts.upload, { file });
}
