import { Flex } from 'antd';
import { useChatSettings } from '../api/settings-get';
import { SettingsCannedReplies } from '../components/settings-canned-replies';
import { SettingsMyStatus } from '../components/settings-my-status';
import { SettingsReceptionForm } from '../components/settings-reception-form';

/** /chatRoom/settings: 接待设置 (managers edit, others read), 快捷回复, 我的状态. */
export default function ChatSettingsPage() {
  const settings = useChatSettings();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100, margin: '0 auto' }}>
      <SettingsMyStatus />
      <SettingsReceptionForm settings={settings.data} />
      <SettingsCannedReplies />
    </Flex>
  );
}
