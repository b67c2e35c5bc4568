import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { setNotifierSink } from '../api/notifier';

/** The one Toast of the app: the notifier of the HTTP client and actors shows through it. */
export function ToastHost() {
  const toast = useRef<Toast>(null);
  useEffect(() => {
    setNotifierSink((severity, message) =>
      toast.current?.show({ severity: severity === 'warning' ? 'warn' : severity, summary: message, life: 3000 }),
    );
    return () => setNotifierSink(undefined);
  }, []);
  return <Toast ref={toast} position="top-center" />;
}
