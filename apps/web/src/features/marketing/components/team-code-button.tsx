import { QrcodeOutlined } from '@ant-design/icons';
import { patientLinks, type TeamMember } from '@pharmacy/shared';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useMemberCode } from '../api/team-code';
import { CodeImageDialog } from './team-code-dialog';

/** 二维码: opens the member's personal code (the server's PNG) with 下载 and 复制链接. */
export function TeamCodeButton({
  member,
  children = '二维码',
  ...rest
}: { member: Pick<TeamMember, 'member_id' | 'name'> } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  const code = useMemberCode(open ? member.member_id : null);
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<QrcodeOutlined />}
        aria-label={`${member.name}的专属二维码`}
        {...rest}
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      {open ? (
        <CodeImageDialog
          title={`${member.name}的专属二维码`}
          note="患者扫码加入药店后，将成为该员工的客户"
          image={code.data}
          failed={code.isError}
          fileName={`专属二维码-${member.name}.png`}
          link={`${window.location.origin}${patientLinks.staffInvite(member.member_id)}`}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
