import { useEffect } from 'react';
import { confirmDialog } from '../lib/feedback';
import { startBuildCheck } from './build-check';

export const NEW_VERSION_PROMPT = '发现新版本，是否刷新？';

/** Lives in the shell: asks to reload when the deployed build differs from the running one. */
export function BuildUpdateWatcher() {
  // One check loop for the app's lifetime.
  useEffect(
    () =>
      startBuildCheck({
        onNewBuild: () =>
          confirmDialog({
            title: NEW_VERSION_PROMPT,
            okText: '刷新',
            cancelText: '稍后',
            onOk: () => window.location.reload(),
          }),
      }),
    [],
  );
  return null;
}
