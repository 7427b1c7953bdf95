import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Wraps tables whose body scrolls (antd `scroll.y`): each scroll region takes the keyboard focus and is named, so a
 * keyboard user can scroll it (axe: scrollable-region-focusable).
 */
export function FocusableScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const body of ref.current?.querySelectorAll<HTMLElement>('.ant-table-body') ?? []) {
      body.tabIndex = 0;
      body.setAttribute('role', 'region');
      body.setAttribute('aria-label', label);
    }
  });
  return <div ref={ref}>{children}</div>;
}
