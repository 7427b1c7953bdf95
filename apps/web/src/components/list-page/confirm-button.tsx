import { Button, type ButtonProps, Popconfirm } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title'> {
  /** The question the Popconfirm asks. */
  title: ReactNode;
  onConfirm: () => unknown;
}

/**
 * A button that asks first (antd Popconfirm). The Popconfirm is only mounted once the button is first used: a list
 * page has one such button per row, and a popup trigger per row is most of what a table's first render costs.
 */
export function ConfirmButton({ title, onConfirm, children, ...buttonProps }: ConfirmButtonProps) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // Mounting the Popconfirm replaces the plain button: give focus back to its replacement.
  useEffect(() => {
    if (armed) button.current?.focus();
  }, [armed]);

  const trigger = (
    <Button
      ref={button}
      {...buttonProps}
      onClick={
        armed
          ? undefined
          : () => {
              setArmed(true);
              setOpen(true);
            }
      }
    >
      {children}
    </Button>
  );
  if (!armed) return trigger;
  return (
    <Popconfirm title={title} open={open} onOpenChange={setOpen} onConfirm={() => void onConfirm()}>
      {trigger}
    </Popconfirm>
  );
}
