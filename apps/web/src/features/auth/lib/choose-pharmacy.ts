import type { MyPharmacy } from '@pharmacy/shared';

export type PharmacyChoice = { pharmacy: MyPharmacy | null } | { needsDialog: true };

/**
 * Spec §4, pharmacy selection after login: zero or one pharmacy is chosen automatically; with several, the
 * previously stored one is reused if still present; otherwise the user must pick one in a dialog.
 */
export function choosePharmacy(list: readonly MyPharmacy[], storedId: number | null | undefined): PharmacyChoice {
  if (list.length === 0) return { pharmacy: null };
  if (list.length === 1) return { pharmacy: list[0] };
  const stored = storedId == null ? undefined : list.find((p) => p.id === storedId);
  return stored ? { pharmacy: stored } : { needsDialog: true };
}
