import type { zhDialogs } from './zh-dialogs';

/** English messages of the screens' own call dialogs. */
export const enDialogs: Record<keyof typeof zhDialogs, string> = {
  dialogLoadFailed: 'Could not load: {msg}',
  dialogRetry: 'Retry',
  ecuAssignTitle: 'ECUs · {model}',
  ecuAssignNone: 'No ECUs yet: add them under ECU first',
  ecuAssignHint: 'Check the ECUs fitted to this model; the number is the order diagnosis reads them in ({count} chosen)',
};
