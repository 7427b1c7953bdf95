import { TOAST_DURATION_DIALOG_S, TOAST_DURATION_MESSAGE_S } from '@pharmacy/shared';
import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

type MessageApi = Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning'>;
interface ModalApi {
  confirm: (config: ModalFuncProps) => unknown;
}

/**
 * Toasts and dialogs for code outside React (the HTTP layer) and for components alike. antd's static message and
 * Modal are loaded on first use, so they stay out of the first page load; they follow the app's theme and locale
 * through ConfigProvider.config({ holderRender }) (app/providers.tsx). Tests bind their own instances.
 */
let bound: { message?: MessageApi; modal?: ModalApi } = {};
let antdFeedback: Promise<{ message: MessageApi; modal: ModalApi }> | null = null;

const loadAntdFeedback = () => {
  antdFeedback ??= Promise.all([import('antd/es/message'), import('antd/es/modal')]).then(
    ([m, modal]) => ({ message: m.default, modal: modal.default }),
    (error: unknown) => {
      // offline (the chat's send failing with the network down): this toast is lost, the next one loads again. Not
      // an unhandled rejection: that counts as a chunk error and reloads the page into the browser's offline page.
      antdFeedback = null;
      throw error;
    },
  );
  return antdFeedback;
};
const ignore = () => undefined;

const withMessage = (show: (api: MessageApi) => unknown) => {
  if (bound.message) show(bound.message);
  else void loadAntdFeedback().then(({ message }) => show(message), ignore);
};

export function bindFeedback(apis: { message?: MessageApi; modal?: ModalApi }) {
  bound = { ...bound, ...apis };
}

export function unbindFeedback() {
  bound = {};
}

/** Spec §9: a message toast stays 3 s. */
export const toast = {
  success: (text: string) => withMessage((m) => m.success(text, TOAST_DURATION_MESSAGE_S)),
  error: (text: string) => withMessage((m) => m.error(text, TOAST_DURATION_MESSAGE_S)),
  info: (text: string) => withMessage((m) => m.info(text, TOAST_DURATION_MESSAGE_S)),
  warning: (text: string) => withMessage((m) => m.warning(text, TOAST_DURATION_MESSAGE_S)),
};

/** Spec §9: the dialog helper's toast (feedback after a dialog's action) stays 2 s. */
export const dialogToast = {
  success: (text: string) => withMessage((m) => m.success(text, TOAST_DURATION_DIALOG_S)),
  error: (text: string) => withMessage((m) => m.error(text, TOAST_DURATION_DIALOG_S)),
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
  const config: ModalFuncProps = {
    title: opts.title,
    content: opts.content,
    okText: opts.okText,
    cancelText: opts.cancelText,
    onOk: opts.onOk,
    onCancel: opts.onCancel,
  };
  if (bound.modal) bound.modal.confirm(config);
  else void loadAntdFeedback().then(({ modal }) => modal.confirm(config), ignore);
}
