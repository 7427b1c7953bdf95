import { type LiveFlowAction, type LiveStatus, liveActionsFor, liveFlow } from '@pharmacy/shared';
import type { ButtonProps } from 'antd';
import { ConfirmButton } from '../../../components/list-page/confirm-button';
import { dialogToast } from '../../../lib/feedback';
import { useLiveFlow } from '../api/live-flow';

/** What each flow button asks before it acts. */
export const flowConfirmTexts: Record<LiveFlowAction, string> = {
  publish: '发布后学员可在营期中看到该直播，确定发布？',
  withdraw: '撤回后直播回到草稿，学员将看不到，确定撤回？',
  start: '确定开始直播？学员将通过拉流地址观看。',
  end: '结束后不能再次开始，确定结束直播？',
};

/** The toast after each flow action. */
export const flowDoneTexts: Record<LiveFlowAction, string> = {
  publish: '直播已发布',
  withdraw: '直播已撤回为草稿',
  start: '直播已开始',
  end: '直播已结束',
};

/** Runs one flow action and says so; a refusal (409 状态已变化, 400 请填写拉流地址) is shown by the HTTP layer. */
export function useRunLiveFlow() {
  const flow = useLiveFlow();
  const run = async (id: number, action: LiveFlowAction) => {
    try {
      await flow.mutateAsync({ id, action });
      dialogToast.success(flowDoneTexts[action]);
      return true;
    } catch {
      return false;
    }
  };
  return { run, pending: flow.isPending };
}

/**
 * The flow's buttons open to a live in its status (liveActionsFor): 发布 / 撤回 for a draft or a scheduled live,
 * 开始直播 / 结束直播; each asks first. `only` limits them (the control room shows start and end only).
 */
export function LiveFlowButtons({
  id,
  status,
  only,
  size,
}: {
  id: number;
  status: LiveStatus;
  only?: readonly LiveFlowAction[];
  size?: ButtonProps['size'];
}) {
  const { run, pending } = useRunLiveFlow();
  const actions = liveActionsFor(status).filter((a) => !only || only.includes(a));
  return (
    <>
      {actions.map((action) => (
        <ConfirmButton
          key={action}
          title={flowConfirmTexts[action]}
          onConfirm={() => run(id, action)}
          size={size}
          type={action === 'withdraw' ? 'default' : 'primary'}
          danger={action === 'end'}
          loading={pending}
        >
          {liveFlow[action].label}
        </ConfirmButton>
      ))}
    </>
  );
}
