import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { fieldMessages, type Message } from '@/lib/message';
import { useMessageText } from './use-message-text';

export type FormErrors<D> = Partial<Record<keyof D & string, Message>>;

type TextChange = { target: { value: string } };

/**
 * The state of a create/edit form: the draft, its field errors and a form-level error. `submit`
 * checks the draft, sends it, and maps a refusal: the server's field errors onto the fields,
 * known error codes onto the field they concern, anything else above the form.
 */
export function useEditForm<D extends object>(initial: () => D) {
  const text = useMessageText();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FormErrors<D>>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const [pending, setPending] = useState(false);

  function set<K extends keyof D>(field: K, value: D[K]) {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  /** value/onChange/error/testid for a TextField, TextAreaField or SelectField of a text field. */
  function bind<K extends keyof D & string>(field: K, testId: string) {
    return {
      value: draft[field] as string,
      onChange: (e: TextChange) => set(field, e.target.value as D[K]),
      error: text(errors[field]),
      'data-testid': testId,
    };
  }

  /** Returns true when the draft was valid and the server took it. */
  async function submit(
    event: FormEvent,
    {
      validate,
      send,
      fields,
      codeFields = {},
    }: {
      validate: (draft: D) => FormErrors<D>;
      send: (draft: D) => Promise<unknown>;
      /** the fields the form shows: the server's errors on others go above the form */
      fields: readonly (keyof D & string)[];
      /** error code → the field it is about (e.g. a taken url) */
      codeFields?: Record<string, keyof D & string>;
    },
  ): Promise<boolean> {
    event.preventDefault();
    setFormError(null);
    const invalid = validate(draft);
    setErrors(invalid);
    if (Object.values(invalid).some(Boolean)) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return false;
    }
    setPending(true);
    try {
      await send(draft);
      return true;
    } catch (error) {
      if (!isApiError(error)) {
        setFormError({ key: 'error.title' });
        return false;
      }
      const field = codeFields[error.code];
      if (field) {
        setErrors({ [field]: { error } } as FormErrors<D>);
        return false;
      }
      const fromServer = fieldMessages(error, fields);
      if (Object.keys(fromServer).length > 0) setErrors(fromServer as FormErrors<D>);
      else setFormError({ error });
      return false;
    } finally {
      setPending(false);
    }
  }

  return {
    draft,
    set,
    bind,
    errors,
    errorText: (field: keyof D & string) => text(errors[field]),
    formError: text(formError),
    formRef,
    pending,
    submit,
  };
}
