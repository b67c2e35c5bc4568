import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { FormField } from '../components/FormField';
import { useI18n } from '../i18n/i18n';
import { labelText } from '../crud/field-defs';
import type { FieldDef } from '@wdiov/contracts';
import { FieldInput } from '../crud/FieldInput';
import type { Row } from '../crud/crud-api';
import type { Transition } from './workflow-api';

interface NoteDialogProps {
  transition: Transition;
  /** The entity's definitions of the fields the transition takes from the caller (an odometer reading). */
  fields: [string, FieldDef][];
  busy: boolean;
  onCancel(): void;
  onConfirm(note: string, values: Row): void;
}

/**
 * Asks what a transition takes: the fields it records from the caller, and its reason, opinion
 * or remark (a required one must not be blank).
 */
export function NoteDialog({ transition, fields, busy, onCancel, onConfirm }: NoteDialogProps) {
  const { t } = useI18n();
  const note = transition.note;
  const [text, setText] = useState('');
  const [values, setValues] = useState<Row>({});
  const [error, setError] = useState<string>();
  const confirm = () => {
    if (note?.required && text.trim() === '') return setError(t('workflowNoteRequired', { label: labelText(note.label) }));
    onConfirm(text, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== '')));
  };
  const footer = (
    <>
      <Button label={t('commonCancel')} severity="secondary" outlined onClick={onCancel} />
      <Button label={t('commonConfirm')} icon="pi pi-check" loading={busy} onClick={confirm} />
    </>
  );
  return (
    <Dialog header={labelText(transition.label)} visible modal onHide={onCancel} footer={footer} style={{ width: 'min(480px, 95vw)' }}>
      {fields.map(([name, def]) => (
        <FormField key={name} id={`workflow-${name}`} label={labelText(def.label)} required={false}>
          <FieldInput id={`workflow-${name}`} def={def} value={values[name] ?? null} dicts={{}} onChange={(v) => setValues((prev) => ({ ...prev, [name]: v }))} />
        </FormField>
      ))}
      {note && (
        <FormField id="workflow-note" label={labelText(note.label)} required={note.required} error={error}>
          <InputTextarea
            id="workflow-note"
            value={text}
            rows={4}
            maxLength={note.max ?? 255}
            autoFocus
            invalid={Boolean(error)}
            onChange={(e) => {
              setText(e.target.value);
              if (error && e.target.value.trim() !== '') setError(undefined);
            }}
          />
        </FormField>
      )}
    </Dialog>
  );
}
