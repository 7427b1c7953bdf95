import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import './live-player.css';

export interface LivePlayerProps {
  /** An HLS playlist (.m3u8): a live's pull address or its replay. */
  src: string;
  poster?: string;
  /** Told when the picture starts moving (true) and when it stops: paused, ended, failed or unmounted (false). */
  onPlayingChange?: (playing: boolean) => void;
  /** Accessible name of the video element. */
  title?: string;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Whether the browser should play the playlist itself. Safari (and iOS before 17.1, which has no Media Source
 * Extensions) plays HLS natively. Chromium 14x answers canPlayType 'maybe' for HLS too, but where Media Source
 * Extensions exist hls.js is used, as hls.js recommends: it plays the same way in every such browser.
 */
export function prefersNativeHls(video: HTMLVideoElement): boolean {
  if (!video.canPlayType(HLS_MIME)) return false;
  const w = window as unknown as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return !w.MediaSource && !w.ManagedMediaSource;
}

/**
 * The viewer's HLS player: a plain <video> with controls; hls.js (its light build) is loaded with a dynamic import
 * only when a player mounts in a browser without native HLS, so no other page carries it. A fatal error shows
 * 加载失败 with 重试.
 */
export function LivePlayer({ src, poster, onPlayingChange, title }: LivePlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const onPlayingRef = useRef(onPlayingChange);
  onPlayingRef.current = onPlayingChange;

  // playing / stopped, as the element reports it
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let playing = false;
    const set = (next: boolean) => {
      if (next === playing) return;
      playing = next;
      onPlayingRef.current?.(next);
    };
    const on = () => set(true);
    const off = () => set(false);
    const events: [string, () => void][] = [
      ['playing', on],
      ['pause', off],
      ['ended', off],
      ['emptied', off],
      ['error', off],
    ];
    for (const [name, handler] of events) video.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of events) video.removeEventListener(name, handler);
      set(false);
    };
  }, []);

  // attach the source (again on 重试)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-attaches the same source after 重试
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    setFailed(null);
    let cancelled = false;
    let destroy: (() => void) | null = null;

    if (prefersNativeHls(video)) {
      const onError = () => setFailed('加载失败');
      video.addEventListener('error', onError);
      video.src = src;
      destroy = () => {
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      };
    } else {
      import('hls.js/light')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) {
            setFailed('加载失败：当前浏览器不支持播放');
            return;
          }
          const hls = new Hls({ enableWorker: true, lowLatencyMode: false });
          let mediaRecovered = false;
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            // a media error is often recoverable once (a decoder hiccup); anything else stops the player
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
              mediaRecovered = true;
              hls.recoverMediaError();
              return;
            }
            hls.destroy();
            video.pause();
            setFailed('加载失败');
          });
          hls.loadSource(src);
          hls.attachMedia(video);
          destroy = () => hls.destroy();
        })
        .catch(() => {
          if (!cancelled) setFailed('加载失败');
        });
    }
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [src, attempt]);

  return (
    <div className="live-player">
      {/* biome-ignore lint/a11y/useMediaCaption: a lecture stream has no caption track */}
      <video
        ref={videoRef}
        className="live-player-video"
        controls
        playsInline
        preload="metadata"
        poster={poster || undefined}
        aria-label={title ?? '直播画面'}
      />
      {failed ? (
        <div className="live-player-failed" role="alert">
          <span>{failed}</span>
          <Button size="small" ghost onClick={() => setAttempt((n) => n + 1)}>
            重试
          </Button>
        </div>
      ) : null}
    </div>
  );
}
