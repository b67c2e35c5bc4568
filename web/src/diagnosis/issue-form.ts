import type { CommandDef } from './control-catalog';
import type { FieldErrors } from './validation';

/** What the issue panel gives each instruction form. */
export interface IssueFormProps {
  /**
   * Validates the content with the chosen vehicle against the contract, shows the problems or
   * issues it (after a confirmation naming the vehicle when `confirm` is given).
   * `formErrors` are the form's own checks (ranges per parameter, upgrade fields).
   */
  submit: (instructType: 1 | 2 | 3, content: unknown, formErrors: FieldErrors, confirm?: CommandDef) => void;
  errors: FieldErrors;
  busy: boolean;
  remark: string;
  onRemark: (remark: string) => void;
}
