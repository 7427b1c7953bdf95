import { describe, expect, it } from 'vitest';
import { adminPermissionKeys } from '../common/roles';
import { normalizeOperatorKeys, operatorChangeRefusal, operatorPermissionMessages } from './permission.schema';

const actor = (keys: string[]) => ({ accountId: 1, keys });

describe('operatorChangeRefusal (权限管理)', () => {
  it('lets an all holder grant anything, to anyone but themselves', () => {
    expect(operatorChangeRefusal(actor(['all']), { kind: 'create', keys: ['all'] })).toBeNull();
    expect(
      operatorChangeRefusal(actor(['all']), { kind: 'keys', targetAccountId: 2, before: [], keys: ['all'] }),
    ).toBeNull();
    expect(operatorChangeRefusal(actor(['all']), { kind: 'status', targetAccountId: 2 })).toBeNull();
    expect(
      operatorChangeRefusal(actor(['all']), { kind: 'keys', targetAccountId: 1, before: ['all'], keys: ['all'] }),
    ).toEqual({ msg: operatorPermissionMessages.notSelfKeys });
    expect(operatorChangeRefusal(actor(['all']), { kind: 'status', targetAccountId: 1 })).toEqual({
      msg: operatorPermissionMessages.notSelfStatus,
    });
  });

  it('refuses a key the actor does not hold, naming it; all is never granted by a page-key holder', () => {
    const reporter = actor(['report', 'task']);
    expect(operatorChangeRefusal(reporter, { kind: 'create', keys: ['report'] })).toBeNull();
    expect(operatorChangeRefusal(reporter, { kind: 'create', keys: ['report', 'order'] })).toEqual({
      msg: '不能授予自己没有的权限「订单管理」',
    });
    expect(operatorChangeRefusal(reporter, { kind: 'create', keys: ['all'] })).toEqual({
      msg: '不能授予自己没有的权限「全部权限」',
    });
    for (const key of adminPermissionKeys.filter((k) => k !== 'report' && k !== 'task')) {
      expect(
        operatorChangeRefusal(reporter, { kind: 'keys', targetAccountId: 2, before: [], keys: [key] }),
      ).not.toBeNull();
    }
  });

  it('keeping or removing a key the target holds grants nothing', () => {
    const reporter = actor(['report']);
    const change = (before: string[], keys: string[]) =>
      operatorChangeRefusal(reporter, { kind: 'keys', targetAccountId: 2, before, keys });
    expect(change(['order', 'group'], ['order', 'report'])).toBeNull();
    expect(change(['order'], [])).toBeNull();
    expect(change(['all'], ['pharmacy'])).toBeNull();
    expect(change(['order'], ['order', 'group'])).toEqual({ msg: '不能授予自己没有的权限「集团管理」' });
  });

  it('normalises a grant: all alone, otherwise the known keys once each in the shared order', () => {
    expect(normalizeOperatorKeys(['task', 'all', 'report'])).toEqual(['all']);
    expect(normalizeOperatorKeys(['task', 'report', 'task', 'bogus'])).toEqual(['report', 'task']);
  });
});
