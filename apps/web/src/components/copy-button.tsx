import { CopyOutlined } from '@ant-design/icons';
import { clientMessages } from '@pharmacy/shared';
import { Button, type ButtonProps } from 'antd';
import { toast } from '../lib/feedback';

/** Copies text to the clipboard; the Clipboard API first, then the legacy selection copy (plain http pages). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, insecure context): try the legacy way.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick'> {
  text: string;
  /** Accessible name; defaults to 复制. */
  label?: string;
}

/** A button that copies `text` and says 复制成功 or 复制失败 (spec §8). */
export function CopyButton({ text, label = '复制', children, ...rest }: CopyButtonProps) {
  return (
    <Button
      type="link"
      size="small"
      icon={<CopyOutlined />}
      aria-label={label}
      {...rest}
      onClick={async () => {
        if (await copyText(text)) toast.success(clientMessages.copySucceeded);
        else toast.error(clientMessages.copyFailed);
      }}
    >
      {children}
    </Button>
  );
}
