import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { startBuildCheck } from './build-check';

export const NEW_VERSION_PROMPT = '发现新版本，是否刷新？';

/** Lives in the shell: asks to reload when the deployed build differs from the running one. */
export function BuildUpdateWatcher() {
  const { modal } = App.useApp();
  const modalRef = useRef(modal);
  modalRef.current = modal;
  // One check loop for the app's lifetime; the latest modal API is read when a new build shows up.
  useEffect(
    () =>
      startBuildCheck({
        onNewBuild: () => {
          modalRef.current.confirm({
            title: NEW_VERSION_PROMPT,
            okText: '刷新',
            cancelText: '稍后',
            onOk: () => window.location.reload(),
          });
        },
      }),
    [],
  );
  return null;
}
