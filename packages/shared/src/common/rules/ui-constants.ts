import { IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN, TOAST_DURATION_DIALOG_S, TOAST_DURATION_MESSAGE_S } from '../constants';

/** Toast durations in seconds (spec §9): the dialog helper's and the message's. */
export const toastDurations = { dialog: TOAST_DURATION_DIALOG_S, message: TOAST_DURATION_MESSAGE_S } as const;

/** The image viewer's zoom, kept within 1×–5×; a value that is not a number falls back to 1×. */
export function clampZoom(zoom: number): number {
  if (Number.isNaN(zoom) || typeof zoom !== 'number') return IMAGE_ZOOM_MIN;
  return Math.min(IMAGE_ZOOM_MAX, Math.max(IMAGE_ZOOM_MIN, zoom));
}
