import type { Database } from '../client';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What each part of the pharmacy console's demo seed receives (seed/pharmacy-console.ts runs them in order). */
export interface ConsoleSeedContext {
  tx: Tx;
  /** The foundation seed's three stores, in order: 仁心大药房(上海浦东店), 仁心大药房(杭州西湖店), 康宁药房(北京朝阳店). */
  pharmacies: { id: number; name: string }[];
  /** The demo accounts' ids by phone (demo-data.ts), including accounts an earlier part created. */
  accountId: (phone: string) => number;
  /** Today in Shanghai, yyyy-mm-dd. */
  today: string;
  /** Now, for timestamps relative to the seed time. */
  now: Date;
}
