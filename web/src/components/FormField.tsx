import type { ReactNode } from 'react';

/** Label, control and the validation message under it. */
export function FormField(props: { id: string; label: string; required?: boolean; error?: string | null; children: ReactNode }) {
  return (
    <div className="wd-field">
      <label htmlFor={props.id}>
        {props.required && <span className="wd-required">*</span>}
        {props.label}
      </label>
      {props.children}
      {props.error && (
        <small className="wd-field-error" role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}
