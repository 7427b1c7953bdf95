import { authContracts, type LoginBody } from '@pharmacy/shared';
import { tryCallApi } from '../../../lib/http';

/** Signs in by phone + password or phone + SMS code. A refusal (400111) comes back for the form to show. */
export function login(body: LoginBody) {
  return tryCallApi(authContracts.login, body);
}
