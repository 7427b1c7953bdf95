import { patientKeys } from './patient-keys';

/** The live viewer's query keys (patient area). */
export const liveKeys = {
  all: [...patientKeys.all, 'live'] as const,
  periods: () => [...liveKeys.all, 'periods'] as const,
  invitation: (id: number, staff: number | null) => [...liveKeys.all, 'invitation', id, staff] as const,
  live: (id: number) => [...liveKeys.all, 'watch', id] as const,
  exam: (id: number) => [...liveKeys.all, 'exam', id] as const,
};
