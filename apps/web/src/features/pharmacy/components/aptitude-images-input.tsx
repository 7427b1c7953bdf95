import { QUALIFICATION_IMAGES_MAX } from '@pharmacy/shared';
import { ImagesInput } from '../../../components/images-input';
import { uploadQualificationImage } from '../api/settings-upload';

const size = { width: 96, height: 68 };
const uploadText = () => '上传';

/** A qualification's images (Form.Item value/onChange): thumbnails to zoom or remove, and an upload button. */
export function AptitudeImagesInput({
  value,
  onChange,
  label,
}: {
  value?: string[];
  onChange?: (images: string[]) => void;
  label: string;
}) {
  return (
    <ImagesInput
      value={value}
      onChange={onChange}
      max={QUALIFICATION_IMAGES_MAX}
      upload={uploadQualificationImage}
      alt={`${label}图片`}
      subject={`${label}图片`}
      size={size}
      gap={4}
      radius={4}
      uploadText={uploadText}
    />
  );
}
