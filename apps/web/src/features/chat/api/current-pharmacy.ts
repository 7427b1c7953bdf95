import { useSessionStore } from '../../../lib/session-store';

export const useCurrentPharmacyId = () => useSessionStore((s) => s.currentPharmacy?.id ?? null);
