import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertMergeableImages, planImageMerge } from './images';

describe('assertMergeableImages', () => {
  it('refuses fewer than two images with 合并图片至少需要两张', () => {
    for (const list of [[], ['a.png'], null, undefined, ['a.png', ''], [null, 'b.png']]) {
      expect(() => assertMergeableImages(list)).toThrowError('合并图片至少需要两张');
    }
  });

  it('answers the images to merge, in order, without empty entries', () => {
    expect(assertMergeableImages(['a.png', '', 'b.png', null, 'c.png'])).toEqual(['a.png', 'b.png', 'c.png']);
  });
});

describe('planImageMerge', () => {
  it('stacks images top to bottom on a canvas as wide as the widest', () => {
    const plan = planImageMerge([
      { width: 100, height: 50 },
      { width: 80, height: 30 },
    ]);
    expect(plan).toEqual({
      direction: 'vertical',
      width: 100,
      height: 80,
      placements: [
        { index: 0, x: 0, y: 0, width: 100, height: 50 },
        { index: 1, x: 0, y: 50, width: 80, height: 30 },
      ],
    });
  });

  it('refuses a single image or a size that is not positive', () => {
    expect(() => planImageMerge([{ width: 1, height: 1 }])).toThrowError('合并图片至少需要两张');
    expect(() =>
      planImageMerge([
        { width: 1, height: 1 },
        { width: 0, height: 1 },
      ]),
    ).toThrowError('图片尺寸不正确');
    expect(() =>
      planImageMerge([
        { width: 1, height: 1 },
        { width: 2, height: Number.NaN },
      ]),
    ).toThrowError('图片尺寸不正确');
  });

  it('places every image inside the canvas without overlap, in either direction', () => {
    const size = fc.record({ width: fc.integer({ min: 1, max: 4000 }), height: fc.integer({ min: 1, max: 4000 }) });
    fc.assert(
      fc.property(
        fc.array(size, { minLength: 2, maxLength: 12 }),
        fc.constantFrom('vertical', 'horizontal'),
        (sizes, direction) => {
          const plan = planImageMerge(sizes, direction);
          expect(plan.placements).toHaveLength(sizes.length);
          plan.placements.forEach((p, i) => {
            expect(p).toMatchObject({ index: i, ...sizes[i] });
            expect(p.x + p.width).toBeLessThanOrEqual(plan.width);
            expect(p.y + p.height).toBeLessThanOrEqual(plan.height);
            const next = plan.placements[i + 1];
            if (next && direction === 'vertical') expect(next.y).toBe(p.y + p.height);
            if (next && direction === 'horizontal') expect(next.x).toBe(p.x + p.width);
          });
          const along = direction === 'vertical' ? plan.height : plan.width;
          expect(along).toBe(sizes.reduce((sum, s) => sum + (direction === 'vertical' ? s.height : s.width), 0));
        },
      ),
    );
  });
});
