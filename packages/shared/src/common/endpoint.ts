import type { HttpMethod } from './contract';

/** One API call addressed by name: its method, its path under the base (":x" filled from the payload) and whether it needs a session. */
export interface EndpointDef {
  method: HttpMethod;
  path: string;
  auth: boolean;
  /** The base the path lives under; defaults to the API base /api/v1. */
  base?: 'api' | 'cms';
  /** The response is a file (blob) to download. */
  download?: boolean;
}

export const defineEndpoints = <T extends Record<string, EndpointDef>>(defs: T) => defs;
