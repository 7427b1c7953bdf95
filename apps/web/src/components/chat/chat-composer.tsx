import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { CHAT_TEXT_MAX } from '@pharmacy/shared';
import { Button, Flex, Input, Typography } from 'antd';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';

export interface ChatCannedOption {
  shortcut: string;
  content: string;
}

export interface ChatComposerProps {
  /** Sends the text (already trimmed, not empty). */
  onSend: (text: string) => void;
  /** Called as the user types (the socket throttles the typing frames). */
  onTyping?: () => void;
  /** `/` at the start lists these; choosing one puts its content in the box. */
  cannedReplies?: ChatCannedOption[];
  /** Uploads and sends an image; the button shows while it runs. Without it there is no image button. */
  onUploadImage?: (file: File) => Promise<unknown> | undefined;
  /** More buttons beside the image one (the staff side: 商品, 订单). */
  extra?: ReactNode;
  disabled?: boolean;
  /** Shown in place of the placeholder when disabled. */
  disabledText?: string;
  placeholder?: string;
  rows?: number;
}

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * The message box: Enter sends, Shift+Enter a new line (an input method's Enter only confirms its text); `/` at the
 * start opens the canned replies (↑↓ to choose, Enter or Tab to insert, Esc to close); image upload; a slot for more.
 */
export function ChatComposer({
  onSend,
  onTyping,
  cannedReplies,
  onUploadImage,
  extra,
  disabled,
  disabledText,
  placeholder = '输入消息，Enter 发送，Shift+Enter 换行',
  rows = 3,
}: ChatComposerProps) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const listId = useId();

  const slash = /^\/(\S*)$/.exec(text);
  const matches = useMemo(() => {
    if (!slash || !cannedReplies?.length || dismissed === text) return [];
    const q = slash[1].toLowerCase();
    return cannedReplies
      .filter((c) => c.shortcut.toLowerCase().includes(q) || c.content.toLowerCase().includes(q))
      .slice(0, 8);
  }, [slash, cannedReplies, dismissed, text]);
  const open = matches.length > 0;
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));

  const submit = () => {
    const value = text.trim();
    if (!value || disabled) return;
    onSend(value);
    setText('');
  };

  const choose = (option: ChatCannedOption) => {
    setText(option.content);
    setActive(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (open) {
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        setActive((activeIndex + 1) % matches.length);
        return;
      }
      if (e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((activeIndex - 1 + matches.length) % matches.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        choose(matches[activeIndex]);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setDismissed(text);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
      e.preventDefault();
      submit();
    }
  };

  const pickImage = async (file: File | undefined) => {
    if (!file || !onUploadImage) return;
    setUploading(true);
    try {
      await onUploadImage(file);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div style={{ position: 'relative', borderTop: '1px solid #f0f0f0', background: '#fff', padding: '8px 12px' }}>
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="快捷回复"
          style={{
            position: 'absolute',
            bottom: '100%',
            left: 12,
            right: 12,
            maxHeight: 240,
            overflowY: 'auto',
            background: '#fff',
            border: '1px solid #f0f0f0',
            borderRadius: 8,
            boxShadow: '0 6px 16px rgba(0,0,0,0.08)',
            zIndex: 10,
          }}
        >
          {matches.map((m, i) => (
            <div
              key={m.shortcut}
              role="option"
              id={`${listId}-${i}`}
              aria-selected={i === activeIndex}
              tabIndex={-1}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(m);
              }}
              onMouseEnter={() => setActive(i)}
              style={{ padding: '6px 12px', cursor: 'pointer', background: i === activeIndex ? '#e6f4ff' : undefined }}
            >
              <Typography.Text strong>/{m.shortcut}</Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ marginInlineStart: 8, maxWidth: '80%' }}>
                {m.content}
              </Typography.Text>
            </div>
          ))}
        </div>
      ) : null}
      <Flex gap={4} align="center" style={{ marginBottom: 4 }}>
        {onUploadImage ? (
          <>
            <Button
              type="text"
              size="small"
              icon={<PictureOutlined />}
              aria-label="发送图片"
              loading={uploading}
              disabled={disabled}
              onClick={() => fileInput.current?.click()}
            >
              图片
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_TYPES}
              hidden
              aria-hidden="true"
              tabIndex={-1}
              data-testid="chat-image-input"
              onChange={(e) => void pickImage(e.target.files?.[0])}
            />
          </>
        ) : null}
        {extra}
      </Flex>
      <Input.TextArea
        aria-label="消息输入框"
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
        aria-autocomplete="list"
        value={text}
        disabled={disabled}
        placeholder={disabled && disabledText ? disabledText : placeholder}
        maxLength={CHAT_TEXT_MAX}
        rows={rows}
        variant="borderless"
        style={{ resize: 'none', paddingInline: 0 }}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          if (e.target.value) onTyping?.();
        }}
        onKeyDown={onKeyDown}
      />
      <Flex justify="flex-end" align="center" gap={8}>
        {cannedReplies?.length ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            输入 / 使用快捷回复
          </Typography.Text>
        ) : null}
        <Button
          type="primary"
          icon={<SendOutlined />}
          aria-label="发送"
          disabled={disabled || !text.trim()}
          onClick={submit}
        >
          发送
        </Button>
      </Flex>
    </div>
  );
}
