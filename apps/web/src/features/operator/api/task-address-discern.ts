import { patientContracts } from '@pharmacy/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/**
 * 智能识别 of the address dialog: the pasted text split into name, phone, province, city, district and detail by the
 * same discern the patient's address book and the orders module use (POST /user/address/discern, any signed-in user).
 */
export function discernTaskAddress(text: string) {
  return callApi(patientContracts.discernAddress, { text });
}

export const useDiscernTaskAddress = () => useMutation({ mutationFn: discernTaskAddress });
