import { isEmpty } from './empty';

export const MERGE_IMAGES_MIN = 2;
export const MERGE_IMAGES_TOO_FEW_MESSAGE = '合并图片至少需要两张';
export const IMAGE_SIZE_INVALID_MESSAGE = '图片尺寸不正确';

/** The images to merge, in order, with empty entries dropped; fewer than two throws 合并图片至少需要两张. */
export function assertMergeableImages<T>(list: readonly T[] | null | undefined): T[] {
  const images = (list ?? []).filter((image) => !isEmpty(image));
  if (images.length < MERGE_IMAGES_MIN) throw new Error(MERGE_IMAGES_TOO_FEW_MESSAGE);
  return images;
}

export interface ImageSize {
  width: number;
  height: number;
}

export interface ImagePlacement extends ImageSize {
  /** Position of the image in the list given. */
  index: number;
  x: number;
  y: number;
}

export interface ImageMergePlan extends ImageSize {
  direction: 'vertical' | 'horizontal';
  placements: ImagePlacement[];
}

/**
 * Where each image goes on the merged canvas: stacked top to bottom (or left to right), each at its own size, the
 * canvas as wide (tall) as the widest (tallest). Drawing it is the console's job.
 */
export function planImageMerge(
  sizes: readonly ImageSize[] | null | undefined,
  direction: ImageMergePlan['direction'] = 'vertical',
): ImageMergePlan {
  assertMergeableImages(sizes);
  const images = sizes ?? [];
  for (const image of images) {
    const valid = [image?.width, image?.height].every((n) => typeof n === 'number' && Number.isFinite(n) && n > 0);
    if (!valid) throw new Error(IMAGE_SIZE_INVALID_MESSAGE);
  }
  let offset = 0;
  const placements = images.map(({ width, height }, index) => {
    const placement =
      direction === 'vertical' ? { index, x: 0, y: offset, width, height } : { index, x: offset, y: 0, width, height };
    offset += direction === 'vertical' ? height : width;
    return placement;
  });
  return direction === 'vertical'
    ? { direction, width: Math.max(...images.map((i) => i.width)), height: offset, placements }
    : { direction, width: offset, height: Math.max(...images.map((i) => i.height)), placements };
}
