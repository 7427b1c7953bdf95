import type { MyPharmacy } from '@pharmacy/shared';
import { describe, expect, it } from 'vitest';
import { choosePharmacy } from './choose-pharmacy';

const pharmacy = (id: number): MyPharmacy => ({
  id,
  name: `药房${id}`,
  logo_url: '',
  city: '上海',
  role: 'shop',
  permissions: [],
});

describe('choosePharmacy (spec §4)', () => {
  it('chooses nothing, without a dialog, for an account with no pharmacy', () => {
    expect(choosePharmacy([], 3)).toEqual({ pharmacy: null });
  });

  it('chooses the only pharmacy, whatever was stored', () => {
    expect(choosePharmacy([pharmacy(1)], null)).toEqual({ pharmacy: pharmacy(1) });
    expect(choosePharmacy([pharmacy(1)], 9)).toEqual({ pharmacy: pharmacy(1) });
  });

  it('reuses the stored pharmacy when it is still in the list', () => {
    expect(choosePharmacy([pharmacy(1), pharmacy(2), pharmacy(3)], 2)).toEqual({ pharmacy: pharmacy(2) });
  });

  it('asks with a dialog when the stored pharmacy is gone or none was stored', () => {
    expect(choosePharmacy([pharmacy(1), pharmacy(2)], 5)).toEqual({ needsDialog: true });
    expect(choosePharmacy([pharmacy(1), pharmacy(2)], null)).toEqual({ needsDialog: true });
    expect(choosePharmacy([pharmacy(1), pharmacy(2)], undefined)).toEqual({ needsDialog: true });
  });
});
