import { TOAST_DURATION_DIALOG_S, TOAST_DURATION_MESSAGE_S } from '@pharmacy/shared';
import { type App, type ModalFuncProps, Modal as StaticModal, message as staticMessage } from 'antd';

type MessageApi = Pick<ReturnType<typeof App.useApp>['message'], 'success' | 'error' | 'info' | 'warning'>;
interface ModalApi {
  confirm: (config: ModalFuncProps) => unknown;
}

/**
 * Toasts and dialogs for code outside React (the HTTP layer) and for components alike.
 * <FeedbackBridge/> swaps in antd's App instances (which follow the app's theme and locale);
 * until it mounts, antd's static functions are used.
 */
let messageApi: MessageApi = staticMessage;
let modalApi: ModalApi = StaticModal;

export function bindFeedback(apis: { message?: typeof messageApi; modal?: typeof modalApi }) {
  if (apis.message) messageApi = apis.message;
  if (apis.modal) modalApi = apis.modal;
}

export function unbindFeedback() {
  messageApi = staticMessage;
  modalApi = StaticModal;
}

/** Spec §9: a message toast stays 3 s. */
export const toast = {
  success: (text: string) => messageApi.success(text, TOAST_DURATION_MESSAGE_S),
  error: (text: string) => messageApi.error(text, TOAST_DURATION_MESSAGE_S),
  info: (text: string) => messageApi.info(text, TOAST_DURATION_MESSAGE_S),
  warning: (text: string) => messageApi.warning(text, TOAST_DURATION_MESSAGE_S),
};

/** Spec §9: the dialog helper's toast (feedback after a dialog's action) stays 2 s. */
export const dialogToast = {
  success: (text: string) => messageApi.success(text, TOAST_DURATION_DIALOG_S),
  error: (text: string) => messageApi.error(text, TOAST_DURATION_DIALOG_S),
};

export interface ConfirmOptions {
  title: string;
  content?: string;
  okText?: string;
  cancelText?: string;
  onOk: () => void;
  onCancel?: () => void;
}

export function confirmDialog(opts: ConfirmOptions) {
  modalApi.confirm({
    title: opts.title,
    content: opts.content,
    okText: opts.okText,
    cancelText: opts.cancelText,
    onOk: opts.onOk,
    onCancel: opts.onCancel,
  });
}
