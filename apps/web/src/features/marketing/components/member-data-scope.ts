import { useSessionStore } from '../../../lib/session-store';

/**
 * Whose figures and medication users a page shows: the operator (an admin working outside any pharmacy) reads the
 * platform through the `{ admin: 'viper' }` contracts; pharmacy staff read their current pharmacy's. Someone holding
 * both kinds of role works in the pharmacy they have chosen.
 */
export function useMarketingScope(): 'pharmacy' | 'admin' {
  return useSessionStore((s) => (s.userInfo?.roles.includes('admin') && !s.currentPharmacy ? 'admin' : 'pharmacy'));
}
