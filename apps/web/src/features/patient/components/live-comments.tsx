import { LIVE_COMMENT_MAX, type LiveComment, liveMessages } from '@pharmacy/shared';
import { Button, Input } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { getLiveComments, postLiveComment } from '../api/live-comments';
import { Card } from './bits';

/** How often the comments are asked for again. */
export const LIVE_COMMENT_POLL_MS = 3000;
/** After a failed poll, the next waits this long (callApi has shown the failure once). */
const POLL_BACKOFF_MS = 15_000;

const byId = (a: LiveComment, b: LiveComment) => a.id - b.id;

/**
 * 互动: the live's visible comments, asked for every 3 s with `after_id` while the page is shown, and a post box
 * (closed when the live's comments are off; a notice instead while I am muted).
 */
export function LiveComments({
  liveId,
  enabled,
  muted: mutedAtLoad,
}: {
  liveId: number;
  enabled: boolean;
  muted: boolean;
}) {
  const [list, setList] = useState<LiveComment[]>([]);
  const [muted, setMuted] = useState(mutedAtLoad);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const lastId = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const merge = useCallback((incoming: LiveComment[]) => {
    if (incoming.length === 0) return;
    setList((old) => {
      const seen = new Set(old.map((c) => c.id));
      const next = [...old, ...incoming.filter((c) => !seen.has(c.id))].sort(byId);
      lastId.current = next.length ? next[next.length - 1].id : lastId.current;
      return next.length > 300 ? next.slice(-300) : next;
    });
  }, []);

  useEffect(() => setMuted(mutedAtLoad), [mutedAtLoad]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      let wait = LIVE_COMMENT_POLL_MS;
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') {
        try {
          const answer = await getLiveComments(liveId, lastId.current, controller.signal);
          if (stopped) return;
          setMuted(answer.muted);
          merge(answer.list);
        } catch {
          wait = POLL_BACKOFF_MS;
        }
      }
      if (!stopped) timer = setTimeout(poll, wait);
    };
    lastId.current = null;
    setList([]);
    void poll();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [liveId, merge]);

  // keep the newest in view
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the list grows
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [list.length]);

  const send = async () => {
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      const comment = await postLiveComment(liveId, content);
      setText('');
      merge([comment]);
    } catch (error) {
      // callApi has shown why; a refusal because I was muted meanwhile closes the box
      if (isApiError(error) && error.httpCode === 403 && error.msg === liveMessages.muted) setMuted(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title="互动">
      {list.length === 0 ? (
        <div className="patient-muted" style={{ padding: '12px 0', textAlign: 'center' }}>
          还没有人发言
        </div>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <ul className="live-comments-list" ref={listRef} aria-label="评论" tabIndex={0}>
          {list.map((c) => (
            <li key={c.id} className="live-comment">
              <span className={c.staff ? 'live-comment-name live-comment-name--staff' : 'live-comment-name'}>
                {c.staff ? `${c.name}（药店）` : c.name}:
              </span>
              {c.content}
            </li>
          ))}
        </ul>
      )}
      {!enabled ? (
        <div className="patient-muted">本场直播已关闭互动</div>
      ) : muted ? (
        <div className="patient-muted" role="status">
          您已被禁言，暂时不能发言
        </div>
      ) : (
        <div style={{ display: 'flex', gap: 8 }}>
          <Input
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={send}
            maxLength={LIVE_COMMENT_MAX}
            placeholder="说点什么…"
            aria-label="评论内容"
          />
          <Button type="primary" onClick={send} loading={sending} disabled={!text.trim()}>
            发送
          </Button>
        </div>
      )}
    </Card>
  );
}
