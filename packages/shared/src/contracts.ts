import type { Contract } from './common/contract';
import { messageContracts } from './messages/message.contracts';

/**
 * Every endpoint of the API, by module. The server registers each one (a test fails on a route without a contract or
 * a contract without a route); the console calls them by object. A new module adds its line here.
 */
export const contracts = {
  message: messageContracts,
} satisfies Record<string, Record<string, Contract>>;

/** Every contract as a flat list (tests, docs). */
export const allContracts = (): Contract[] => Object.values(contracts).flatMap((group) => Object.values(group));
