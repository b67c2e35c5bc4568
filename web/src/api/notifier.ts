/** Where user-facing messages go. The HTTP client and actors only know this interface. */
export interface Notifier {
  error(message: string): void;
  warning(message: string): void;
  success(message: string): void;
  info(message: string): void;
}

type Severity = keyof Notifier;
type Sink = (severity: Severity, message: string) => void;

let sink: Sink | undefined;

/** The app mounts one Toast and plugs it in here; before that, messages go to the console. */
export function setNotifierSink(next: Sink | undefined): void {
  sink = next;
}

function deliver(severity: Severity, message: string): void {
  if (sink) sink(severity, message);
  else console.warn(`[${severity}] ${message}`);
}

export const toastNotifier: Notifier = {
  error: (message) => deliver('error', message),
  warning: (message) => deliver('warning', message),
  success: (message) => deliver('success', message),
  info: (message) => deliver('info', message),
};
