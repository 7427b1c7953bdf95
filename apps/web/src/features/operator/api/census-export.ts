import { type PlatformCensusExportQuery, platformCensusContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** Downloads one table of the statistics (处方统计-按日|按药店|按医生-YYYYMMDD.xls) with its 合计 row. */
export function exportPlatformCensus(query: PlatformCensusExportQuery, signal?: AbortSignal) {
  return callApi(platformCensusContracts.export, query, { signal });
}
