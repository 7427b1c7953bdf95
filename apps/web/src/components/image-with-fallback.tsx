import { clientMessages } from '@pharmacy/shared';
import { type CSSProperties, type ImgHTMLAttributes, useEffect, useState } from 'react';

export interface ImageWithFallbackProps extends ImgHTMLAttributes<HTMLImageElement> {
  src?: string;
  alt: string;
  width?: number | string;
  height?: number | string;
}

/** An image that shows 图片加载失败 in its place when it cannot be loaded (spec §8). */
export function ImageWithFallback({ src, alt, width, height, style, ...rest }: ImageWithFallbackProps) {
  const [failed, setFailed] = useState(!src);
  useEffect(() => setFailed(!src), [src]);

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
    <img src={src} alt={alt} width={width} height={height} style={style} onError={() => setFailed(true)} {...rest} />
  );
}
