import { useState } from 'react';
import { useRouteMeta } from '../route-meta';

/**
 * The class playing the entering route's layout transition. A layout mounts only when the layout changes, so the
 * class is fixed at mount: navigating inside one layout plays nothing.
 */
export function useLayoutTransitionClass(): string | undefined {
  const meta = useRouteMeta();
  const [className] = useState(() =>
    meta?.layoutTransition === false
      ? undefined
      : `layout-enter layout-enter-${meta?.layoutTransition?.name ?? 'fade'}`,
  );
  return className;
}
