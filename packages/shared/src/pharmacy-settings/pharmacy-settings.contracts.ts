import { defineContracts } from '../common/contract';

/** A pharmacy's settings, receiving account, qualifications (aptitude) and couriers. */
export const pharmacySettingsContracts = defineContracts('pharmacySetting', {});
