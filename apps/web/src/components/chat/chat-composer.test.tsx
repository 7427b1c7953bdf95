import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs } from '../../lib/testing/dom';
import { ChatComposer } from './chat-composer';

beforeAll(() => installDomStubs());
afterEach(cleanup);

const box = () => screen.getByRole('combobox', { name: '消息输入框' }) as HTMLTextAreaElement;

describe('ChatComposer', { timeout: 30_000 }, () => {
  it('Enter sends the trimmed text and empties the box; Shift+Enter and an input method’s Enter do not', () => {
    const onSend = vi.fn();
    render(<ChatComposer onSend={onSend} />);
    fireEvent.change(box(), { target: { value: '  第一行  ' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true, keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('第一行');
    expect(box().value).toBe('');
    // nothing to send: Enter and the button do nothing
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect((screen.getByRole('button', { name: '发送' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('/ lists the canned replies; ↓ and Enter put the chosen one in the box instead of sending', () => {
    const onSend = vi.fn();
    render(
      <ChatComposer
        onSend={onSend}
        cannedReplies={[
          { shortcut: 'dose', content: '儿童按体重给药' },
          { shortcut: 'ship', content: '已安排发货' },
        ]}
      />,
    );
    fireEvent.change(box(), { target: { value: '/' } });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['/dose儿童按体重给药', '/ship已安排发货']);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(box().value).toBe('已安排发货');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box(), { target: { value: '/dos' } });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('is disabled with its reason', () => {
    render(<ChatComposer onSend={vi.fn()} disabled disabledText="会话已结束" />);
    expect(box().disabled).toBe(true);
    expect(box().placeholder).toBe('会话已结束');
  });
});
