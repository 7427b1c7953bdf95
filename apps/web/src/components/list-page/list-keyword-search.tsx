import { Input } from 'antd';
import { useEffect, useState } from 'react';

export interface ListKeywordSearchProps {
  /** The field's accessible name, e.g. 按患者姓名搜索. */
  label: string;
  placeholder: string;
  /** The keyword in the URL (the list's query). */
  value?: string;
  /** The trimmed keyword, or undefined when cleared. */
  onSearch: (value: string | undefined) => void;
  width?: number;
  maxLength?: number;
}

/**
 * A list's keyword filter kept in the URL: typing edits a local draft, Enter or the search button applies it, and the
 * draft follows the URL when it changes elsewhere (back / forward, a reset).
 */
export function ListKeywordSearch({
  label,
  placeholder,
  value,
  onSearch,
  width = 220,
  maxLength = 50,
}: ListKeywordSearchProps) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear
      maxLength={maxLength}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onSearch={(v) => onSearch(v.trim() || undefined)}
      style={{ width }}
    />
  );
}
