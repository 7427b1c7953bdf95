import { Fragment } from 'react';

/** The words of a search (split on spaces), longest first so a longer word wins where two overlap. */
export function searchWords(text: string | undefined): string[] {
  const words = (text ?? '').trim().split(/\s+/).filter(Boolean);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A window of `text` around its first match of `words` (about `before` characters ahead of it), so a long message
 * still shows the matched part; the cut ends are marked with …. Without a match, the text's start.
 */
export function excerptAround(text: string, words: string[], before = 16): string {
  const lower = text.toLowerCase();
  const at = words.reduce((min, w) => {
    const i = lower.indexOf(w.toLowerCase());
    return i >= 0 && (min < 0 || i < min) ? i : min;
  }, -1);
  if (at <= before) return text;
  return `…${text.slice(at - before)}`;
}

/** Text with the searched words marked (<mark>), case-insensitively. */
export function Highlight({ text, words }: { text: string; words: string[] }) {
  if (!words.length || !text) return <>{text}</>;
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi');
  const lowered = new Set(words.map((w) => w.toLowerCase()));
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, i) =>
        lowered.has(part.toLowerCase()) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
          <mark key={i} style={{ padding: 0, background: '#ffe58f', color: 'inherit' }}>
            {part}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
