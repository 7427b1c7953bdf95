import { useOutletContext } from 'react-router';

/** What the patient layout (app/layouts/patient-layout.tsx) gives its pages: things only the app may compose. */
export interface PatientOutletContext {
  /** 退出登录: ends the session and goes home. */
  signOut: () => void;
}

export const usePatientOutlet = () => useOutletContext<PatientOutletContext | undefined>();
