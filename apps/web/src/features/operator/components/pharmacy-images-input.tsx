import { QUALIFICATION_IMAGES_MAX } from '@pharmacy/shared';
import { ImagesInput } from '../../../components/images-input';
import { uploadPharmacyDocument } from '../api/pharmacy-create';

const size = { width: 96, height: 68 };
const uploadText = () => '上传';

/** A document's images (Form.Item value/onChange): thumbnails to preview (antd's gallery) or remove, and an upload. */
export function PharmacyImagesInput({
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
      upload={uploadPharmacyDocument}
      alt={`${label}图片`}
      subject={`${label}图片`}
      preview="gallery"
      size={size}
      gap={4}
      uploadText={uploadText}
    />
  );
}
