import type { MyPharmacy, UserInfo } from '@pharmacy/shared';
import { useCallback, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '../../../lib/query-client';
import { rememberedPharmacyId, useSessionStore } from '../../../lib/session-store';
import { refreshUserInfo } from '../../../lib/user-info';
import { choosePharmacy } from './choose-pharmacy';

/**
 * What happens after the server accepts a sign-in (password, SMS code or QR code): keep the session, load the
 * user's pharmacies, choose one as spec §4 says (waiting on the selection dialog when needed), then go to the
 * redirect target or the user's first menu entry.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [picking, setPicking] = useState<MyPharmacy[] | null>(null);
  const resolvePick = useRef<((p: MyPharmacy) => void) | null>(null);

  const complete = useCallback(
    async (token: string, userInfo: UserInfo) => {
      // what follows a sign-in (the pharmacy list, where to go) loads on sign-in, not with the login page (its JS budget)
      const pharmaciesModule = import('../api/get-my-pharmacies');
      const targetModule = import('./login-target');
      const store = useSessionStore.getState();
      // the pharmacy in the live store, else the one this account last chose here (it outlives sign-out)
      const storedId = store.currentPharmacy?.id ?? rememberedPharmacyId(userInfo.id);
      queryClient.clear();
      store.setSession(token, userInfo);

      let list: MyPharmacy[] = [];
      try {
        const { getMyPharmacies } = await pharmaciesModule;
        list = await getMyPharmacies();
      } catch {
        // The HTTP layer has told the user; carry on without a pharmacy.
      }
      store.setPharmacies(list);

      const choice = choosePharmacy(list, storedId);
      let pharmacy: MyPharmacy | null;
      if ('needsDialog' in choice) {
        pharmacy = await new Promise<MyPharmacy>((resolve) => {
          resolvePick.current = resolve;
          setPicking(list);
        });
        resolvePick.current = null;
        setPicking(null);
      } else {
        pharmacy = choice.pharmacy;
      }
      store.setCurrentPharmacy(pharmacy);

      // user_info's per-pharmacy fields depend on the pharmacyid header: refresh them for the chosen pharmacy.
      if (pharmacy) await refreshUserInfo();
      const user = useSessionStore.getState().userInfo ?? userInfo;
      const { loginTarget } = await targetModule;
      await navigate(loginTarget(user, pharmacy?.id ?? null, searchParams.get('redirect')), { replace: true });
    },
    [navigate, searchParams],
  );

  const pick = useCallback((p: MyPharmacy) => resolvePick.current?.(p), []);

  return { complete, picking, pick };
}
