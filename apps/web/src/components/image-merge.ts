import { assertMergeableImages, type ImageMergePlan, planImageMerge } from '@pharmacy/shared';

/** The largest side of a merged image; bigger merges are scaled down to fit (browsers refuse huge canvases). */
export const MERGED_IMAGE_MAX_SIDE = 12_000;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('图片加载失败'));
    image.src = src;
  });
}

/**
 * Merges two or more images into one (spec §5), stacked by the shared plan (planImageMerge): each at its own size on a
 * white canvas as wide as the widest. Fewer than two throws 合并图片至少需要两张; an image that does not load throws
 * 图片加载失败. Resolves to an object URL of a PNG (the caller revokes it).
 */
export async function mergeImages(
  sources: readonly string[],
  direction: ImageMergePlan['direction'] = 'vertical',
): Promise<string> {
  const list = assertMergeableImages(sources);
  const images = await Promise.all(list.map(loadImage));
  const plan = planImageMerge(
    images.map((i) => ({ width: i.naturalWidth, height: i.naturalHeight })),
    direction,
  );
  const scale = Math.min(1, MERGED_IMAGE_MAX_SIDE / plan.width, MERGED_IMAGE_MAX_SIDE / plan.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(plan.width * scale));
  canvas.height = Math.max(1, Math.round(plan.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('浏览器不支持图片合并');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  for (const p of plan.placements)
    context.drawImage(images[p.index], p.x * scale, p.y * scale, p.width * scale, p.height * scale);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('图片合并失败');
  return URL.createObjectURL(blob);
}
