import { describe, expect, it } from 'vitest';
import { pharmacyDirectoryContracts } from '../pharmacy-directory/pharmacy-directory.contracts';
import { medicineContracts } from './medicines.contracts';

describe('medicine and pharmacy directory contracts', () => {
  it('opens the catalogue and the pharmacy directory to visitors, and asks a session only to comment or vote', () => {
    const signedIn = Object.entries({ ...medicineContracts, ...pharmacyDirectoryContracts })
      .filter(([, c]) => !('public' in c.access))
      .map(([name]) => name);
    expect(signedIn).toEqual(['commentAdd', 'commentVote']);
    expect(medicineContracts.commentVote).toMatchObject({ method: 'PUT', path: '/admin/medicine/comment/:id/vote' });
  });

  it('refuses an id a PostgreSQL integer cannot hold, in Chinese', () => {
    const r = medicineContracts.product.params.safeParse({ id: '2147483648' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('ID 不正确');
    expect(pharmacyDirectoryContracts.detail.params.parse({ id: '7' })).toEqual({ id: 7 });
  });

  it('asks for a medicine or a pharmacy before listing quotes', () => {
    const r = medicineContracts.quotes.query.safeParse({});
    expect(r.error?.issues[0].message).toBe('请选择药品或药店');
    expect(medicineContracts.quotes.query.parse({ product_id: '3' })).toMatchObject({ product_id: 3, page: 1 });
  });
});
