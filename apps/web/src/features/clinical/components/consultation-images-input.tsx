import { CONSULTATION_IMAGES_MAX } from '@pharmacy/shared';
import { ImagesInput } from '../../../components/images-input';
import { uploadConsultationImage } from '../api/consultation-create';

const uploadText = () => '上传';

/** Prescription / medical-record photos (Form.Item value/onChange): thumbnails to zoom or remove, and an upload. */
export function ConsultationImagesInput({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  return (
    <ImagesInput
      value={value}
      onChange={onChange}
      max={CONSULTATION_IMAGES_MAX}
      upload={uploadConsultationImage}
      alt="处方图片"
      size={88}
      gap={4}
      radius={4}
      uploadText={uploadText}
    />
  );
}
