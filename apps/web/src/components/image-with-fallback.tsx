import { PictureOutlined } from '@ant-design/icons';
import { clientMessages } from '@pharmacy/shared';
import { type CSSProperties, type ImgHTMLAttributes, useState } from 'react';

export interface ImageWithFallbackProps extends ImgHTMLAttributes<HTMLImageElement> {
  src?: string;
  alt: string;
  width?: number | string;
  height?: number | string;
}

/** Shown where there is no image at all (e.g. a pharmacy without a logo): nothing went wrong, so no error text. */
export const NO_IMAGE_TEXT = '暂无图片';

/**
 * An image that shows 图片加载失败 in its place when it cannot be loaded (spec §8), and a neutral placeholder when
 * there is no image to load.
 */
export function ImageWithFallback({ src, alt, width, height, style, ...rest }: ImageWithFallbackProps) {
  // the source that failed to load: a new src is tried afresh
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const failed = failedSrc !== undefined && failedSrc === src;

  if (!src) {
    const box: CSSProperties = {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: width ?? 48,
      height: height ?? 48,
      background: '#fafafa',
      color: '#bfbfbf',
      fontSize: 20,
      borderRadius: 4,
      ...style,
    };
    return (
      <span role="img" aria-label={`${alt}：${NO_IMAGE_TEXT}`} title={NO_IMAGE_TEXT} style={box}>
        <PictureOutlined aria-hidden="true" />
      </span>
    );
  }
  if (failed) {
    const box: CSSProperties = {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width,
      height,
      minWidth: 80,
      minHeight: 40,
      background: '#f5f5f5',
      color: '#595959',
      fontSize: 12,
      border: '1px dashed #d9d9d9',
      ...style,
    };
    return (
      <span role="img" aria-label={`${alt}：${clientMessages.imageLoadFailed}`} style={box}>
        {clientMessages.imageLoadFailed}
      </span>
    );
  }
  return (
    <img src={src} alt={alt} width={width} height={height} style={style} onError={() => setFailedSrc(src)} {...rest} />
  );
}
