import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampZoom, toastDurations } from './ui-constants';

describe('UI constants', () => {
  it('keeps toasts 2 s for the dialog helper and 3 s for messages', () => {
    expect(toastDurations).toEqual({ dialog: 2, message: 3 });
  });

  it('clamps the image zoom to 1×–5×', () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(5);
    expect(clampZoom(Number.NEGATIVE_INFINITY)).toBe(1);
  });

  it('answers a zoom within range, unchanged when it already is', () => {
    fc.assert(
      fc.property(fc.double(), (z) => {
        const zoom = clampZoom(z);
        expect(zoom).toBeGreaterThanOrEqual(1);
        expect(zoom).toBeLessThanOrEqual(5);
        if (z >= 1 && z <= 5) expect(zoom).toBe(z);
      }),
    );
  });
});
