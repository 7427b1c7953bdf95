import { useState } from 'react';
import { ImageViewer } from '../image-viewer';
import { ImageWithFallback } from '../image-with-fallback';
import './catalogue-blocks.css';

export interface GalleryImage {
  src: string;
  alt: string;
}

/** Thumbnails (lazy, sized) that open the zoom viewer (1×–5×). */
export function ImageGallery({ images, size = 96 }: { images: GalleryImage[]; size?: number }) {
  const [open, setOpen] = useState<GalleryImage | null>(null);
  return (
    <>
      <div className="cat-thumbs">
        {images.map((img) => (
          <button
            key={img.src}
            type="button"
            className="cat-thumb"
            aria-label={`查看大图：${img.alt}`}
            onClick={() => setOpen(img)}
          >
            <ImageWithFallback src={img.src} alt={img.alt} width={size} height={size} loading="lazy" />
          </button>
        ))}
      </div>
      <ImageViewer open={open !== null} src={open?.src ?? ''} alt={open?.alt ?? ''} onClose={() => setOpen(null)} />
    </>
  );
}
