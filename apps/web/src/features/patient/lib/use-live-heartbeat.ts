import { LIVE_HEARTBEAT_SECONDS } from '@pharmacy/shared';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { sendLiveHeartbeat } from '../api/live-heartbeat';

type HeartbeatAnswer = Awaited<ReturnType<typeof sendLiveHeartbeat>>;

/** Whether the page is shown (not a background tab, not a locked phone). */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * Watch-time heartbeats: one every LIVE_HEARTBEAT_SECONDS while the video plays and the page is shown (each beat
 * credits that much watch time, so a beat is sent at the end of each full period played); none while paused,
 * hidden, or after the page is left. `onAnswer` gets the live's status and viewers now from each answer. A refusal
 * (403: blacklisted meanwhile; 404: the live is gone) stops the beats and calls `onRefused` (the page reads the live
 * again and says why), instead of a refused beat and its toast every 5 s.
 */
export function useLiveHeartbeat(
  liveId: number,
  mode: 'live' | 'replay' | null,
  playing: boolean,
  onAnswer: (answer: HeartbeatAnswer) => void,
  onRefused?: () => void,
) {
  const visible = usePageVisible();
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;
  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;
  const [refused, setRefused] = useState(false);
  const active = !!mode && playing && visible && !refused;
  useEffect(() => {
    if (!active || !mode) return;
    let stopped = false;
    const timer = setInterval(() => {
      sendLiveHeartbeat(liveId, mode).then(
        (answer) => {
          if (!stopped) onAnswerRef.current(answer);
        },
        (error: unknown) => {
          // a lost beat loses its 5 s and the next one goes on; a refusal stops them
          if (stopped || !isApiError(error) || (error.httpCode !== 403 && error.httpCode !== 404)) return;
          setRefused(true);
          onRefusedRef.current?.();
        },
      );
    }, LIVE_HEARTBEAT_SECONDS * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [liveId, mode, active]);
}
