import { App } from 'antd';
import { useEffect } from 'react';
import { startBuildCheck } from './build-check';

export const NEW_VERSION_PROMPT = '发现新版本，是否刷新？';

/** Lives in the shell: asks to reload when the deployed build differs from the running one. */
export function BuildUpdateWatcher() {
  const { modal } = App.useApp();
  useEffect(
    () =>
      startBuildCheck({
        onNewBuild: () => {
          modal.confirm({
            title: NEW_VERSION_PROMPT,
            okText: '刷新',
            cancelText: '稍后',
            onOk: () => window.location.reload(),
          });
        },
      }),
    [modal],
  );
  return null;
}
