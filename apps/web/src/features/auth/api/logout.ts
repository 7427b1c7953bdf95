import { authContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { queryClient } from '../../../lib/query-client';
import { useSessionStore } from '../../../lib/session-store';

/** Ends the session on the server (best effort), then wipes it locally; the caller goes home. */
export async function logout() {
  try {
    await callApi(authContracts.logout);
  } catch {
    // The session may already be gone on the server; signing out locally is what matters.
  }
  queryClient.clear();
  useSessionStore.getState().clear();
}
