import { liveViewerContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** One watch heartbeat (sent every LIVE_HEARTBEAT_SECONDS while the video plays); answers the live's status now. */
export function sendLiveHeartbeat(id: number, mode: 'live' | 'replay') {
  return callApi(liveViewerContracts.heartbeat, { id, mode });
}
