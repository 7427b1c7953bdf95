import { defineContracts } from '../common/contract';

/** A pharmacy's members (marketing/viper): list, card, edit. */
export const memberContracts = defineContracts('viper', {});
