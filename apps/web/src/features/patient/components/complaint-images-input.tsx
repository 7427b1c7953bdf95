import { REPORT_IMAGES_MAX } from '@pharmacy/shared';
import { ImagesInput } from '../../../components/images-input';
import { uploadComplaintImage } from '../api/complaint-upload';

const upload = async (file: File) => (await uploadComplaintImage(file)).url;
const uploadText = (uploading: boolean) => (uploading ? '' : '图片');

/** A complaint's photos (Form.Item value/onChange): thumbnails to zoom or remove, and an upload (at most 6). */
export function ComplaintImagesInput({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  return (
    <ImagesInput
      value={value}
      onChange={onChange}
      max={REPORT_IMAGES_MAX}
      upload={upload}
      alt="投诉图片"
      size={72}
      gap={2}
      radius={6}
      uploadText={uploadText}
    />
  );
}
