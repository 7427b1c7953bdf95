import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberedPharmacyId, useSessionStore } from '../../../lib/session-store';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import { myPharmaciesKey } from '../api/get-my-pharmacies';
import { choosePharmacy } from './choose-pharmacy';
import { switchPharmacy } from './switch-pharmacy';

const waitFor = async (check: () => boolean, ms = 2000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

let client: QueryClient;
beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().clear();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useSessionStore.getState().setSession('tok', testUser({ id: 2 }));
  useSessionStore.getState().setPharmacies([testPharmacy(7), testPharmacy(8)]);
  useSessionStore.getState().setCurrentPharmacy(testPharmacy(7));
});
afterEach(() => {
  client.clear();
  useSessionStore.getState().clear();
});

describe('switching pharmacy', () => {
  it('drops every pharmacy-scoped answer and refetches the open ones under the new pharmacy, not the pharmacy list', async () => {
    let listCalls = 0;
    // what a page's query would get: the answer of the pharmacy the pharmacyid header names
    const quotes = new QueryObserver(client, {
      queryKey: ['pharmacy', 'quotes'],
      queryFn: async () => `quotes of ${useSessionStore.getState().currentPharmacy?.id}`,
    });
    const unsubscribe = quotes.subscribe(() => undefined);
    await client.fetchQuery({
      queryKey: myPharmaciesKey,
      queryFn: async () => {
        listCalls += 1;
        return [testPharmacy(7), testPharmacy(8)];
      },
    });
    // a closed page's answer, cached
    await client.fetchQuery({ queryKey: ['pharmacy', 'combos'], queryFn: async () => 'combos of 7' });
    await waitFor(() => quotes.getCurrentResult().data === 'quotes of 7');

    expect(switchPharmacy(client, testPharmacy(8))).toBe(true);
    expect(client.getQueryData(['pharmacy', 'quotes'])).not.toBe('quotes of 7');
    expect(client.getQueryData(['pharmacy', 'combos'])).toBeUndefined();
    await waitFor(() => quotes.getCurrentResult().data === 'quotes of 8');
    expect(listCalls).toBe(1);
    expect(client.getQueryData(myPharmaciesKey)).toHaveLength(2);
    // the same pharmacy again changes nothing
    expect(switchPharmacy(client, testPharmacy(8))).toBe(false);
    unsubscribe();
  });

  it('is remembered for the next sign-in of the same account, after signing out', () => {
    switchPharmacy(client, testPharmacy(8));
    useSessionStore.getState().clear();
    expect(useSessionStore.getState().currentPharmacy).toBeNull();
    expect(rememberedPharmacyId(2)).toBe(8);
    expect(rememberedPharmacyId(3)).toBeNull();
    // spec §4: several pharmacies, the stored one reused when still listed; otherwise the dialog
    expect(choosePharmacy([testPharmacy(7), testPharmacy(8)], rememberedPharmacyId(2))).toEqual({
      pharmacy: testPharmacy(8),
    });
    expect(choosePharmacy([testPharmacy(7), testPharmacy(9)], rememberedPharmacyId(2))).toEqual({ needsDialog: true });
  });
});
