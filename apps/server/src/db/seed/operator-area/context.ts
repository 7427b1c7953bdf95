import type { Database } from '../../client';
import type { Rand } from '../random';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What every operator seed part receives: the transaction, the demo clock, a seeded random source. */
export interface OperatorSeedContext {
  tx: Tx;
  /** The demo's "now" (ms since epoch). */
  now: number;
  /** Each part makes its own stream: `ctx.random(<part number>)`, so parts do not shift each other. */
  random: (stream: number) => Rand;
}
