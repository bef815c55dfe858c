import type { FormEvent, ReactNode, Ref } from 'react';
import { Dialog, DialogContent } from './dialog';
import { Button } from './button';
import { Alert } from './alert';

/**
 * A create/edit dialog: title, the form's fields, a form-level error, Cancel and Save. Closing
 * (Escape, outside, ×, Cancel) calls `onClose`; the caller closes it after a successful save.
 */
export function FormDialog({
  title,
  description,
  closeLabel,
  cancelLabel,
  submitLabel,
  onClose,
  onSubmit,
  pending = false,
  error,
  formRef,
  wide = false,
  testId,
  children,
  footer,
}: {
  title: ReactNode;
  description: ReactNode;
  closeLabel: string;
  cancelLabel: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending?: boolean;
  error?: string | null;
  formRef?: Ref<HTMLFormElement>;
  wide?: boolean;
  testId: string;
  children: ReactNode;
  /** shown under the form (e.g. sub-lists of the record), outside the <form> */
  footer?: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={title}
        description={description}
        closeLabel={closeLabel}
        className={wide ? 'dialog--wide' : 'register-dialog'}
        data-testid={testId}
      >
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
          {error && (
            <Alert>
              <span data-testid={`${testId}-error`}>{error}</span>
            </Alert>
          )}
          {children}
          <div className="form__actions">
            <Button variant="secondary" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button type="submit" loading={pending} data-testid={`${testId}-save`}>
              {submitLabel}
            </Button>
          </div>
        </form>
        {footer}
      </DialogContent>
    </Dialog>
  );
}
