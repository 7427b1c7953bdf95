import type { Channel } from '@pharmacy/shared';
import { useChannelCode } from '../api/channel-code';
import { CodeImageDialog } from './team-code-dialog';

/** 二维码: the channel's code (PNG from the server) with 下载 and 复制链接. */
export function ChannelCodeDialog({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const code = useChannelCode(channel.id);
  return (
    <CodeImageDialog
      title={`渠道二维码 · ${channel.name}`}
      note="患者扫码打开药店邀请页，加入后计为该渠道的新会员"
      image={code.data}
      failed={code.isError}
      fileName={`渠道二维码-${channel.name}.png`}
      link={`${window.location.origin}${channel.link}`}
      onClose={onClose}
    />
  );
}
