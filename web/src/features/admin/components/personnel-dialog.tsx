import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/ui/select-field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { isApiError } from '@/lib/api-client';
import { fieldMessages, type Message } from '@/lib/message';
import { normalizePhone, required, validatePassword } from '@/lib/validation';
import { useMessageText } from '@/hooks/use-message-text';
import type { Personnel, PersonnelUpdate, StaffRole } from '@/types/api';
import { useCreatePersonnel } from '../api/create-personnel';
import { useUpdatePersonnel } from '../api/update-personnel';

type Draft = {
  username: string;
  password: string;
  name: string;
  lastName: string;
  nickname: string;
  tel: string;
  position: string;
  role: StaffRole;
};
type Field = keyof Draft;
const FIELDS: readonly Field[] = [
  'username',
  'password',
  'name',
  'lastName',
  'nickname',
  'tel',
  'position',
  'role',
];

function draftOf(p: Personnel | null): Draft {
  return {
    username: p?.username ?? '',
    password: '',
    name: p?.name ?? '',
    lastName: p?.lastName ?? '',
    nickname: p?.nickname ?? '',
    tel: p?.tel ?? '',
    position: p?.position ?? '',
    role: p?.role ?? 'staff',
  };
}

/** Create or edit a staff account; the password is asked on create, and on edit only to change it. */
export function PersonnelDialog({ person, onClose }: { person: Personnel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const create = useCreatePersonnel();
  const update = useUpdatePersonnel();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(person));
  const [changePassword, setChangePassword] = useState(person === null);
  const [errors, setErrors] = useState<Partial<Record<Field, Message>>>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const editing = person !== null;

  const input = (field: Exclude<Field, 'role'>) => ({
    value: draft[field],
    onChange: (e: { target: { value: string } }) => {
      setDraft((d) => ({ ...d, [field]: e.target.value }));
      setErrors((s) => ({ ...s, [field]: undefined }));
    },
    error: text(errors[field]),
    'data-testid': `personnel-${field}`,
  });

  function validate(): Partial<Record<Field, Message>> {
    const out: Partial<Record<Field, Message>> = {};
    const username = draft.username.trim();
    if (!username) out.username = { key: 'validation.required' };
    else if (/\s/.test(username)) out.username = { key: 'admin.personnel.usernameSpaces' };
    if (changePassword) {
      const invalid = validatePassword(draft.password);
      if (invalid) out.password = { key: invalid };
    }
    const name = required(draft.name);
    if (name) out.name = { key: name };
    const tel = normalizePhone(draft.tel);
    if (tel && !/^[0-9]{10}$/.test(tel)) out.tel = { key: 'validation.phoneLength' };
    return out;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const invalid = validate();
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const optional = (value: string) => (value.trim() ? value.trim() : undefined);
    // PUT replaces the account: optional texts left out are cleared, so everything shown is sent
    const body: PersonnelUpdate = {
      username: draft.username.trim(),
      name: draft.name.trim(),
      lastName: optional(draft.lastName),
      nickname: optional(draft.nickname),
      tel: optional(normalizePhone(draft.tel)),
      position: optional(draft.position),
      role: draft.role,
      ...(changePassword ? { password: draft.password } : {}),
    };
    try {
      if (person) await update.mutateAsync({ id: person.id, body });
      else await create.mutateAsync({ ...body, password: draft.password });
      onClose();
    } catch (error) {
      if (!isApiError(error)) {
        setFormError({ key: 'error.title' });
        return;
      }
      if (error.code === 'auth.username_taken') {
        setErrors({ username: { error } });
        return;
      }
      const fields = fieldMessages(error, FIELDS);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError({ error });
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={editing ? t('admin.personnel.editTitle') : t('admin.personnel.createTitle')}
        description={editing ? person.username : t('admin.personnel.createDescription')}
        closeLabel={t('form.close')}
        className="register-dialog"
        data-testid="personnel-dialog"
      >
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
          {formError && (
            <Alert>
              <span data-testid="personnel-error">{text(formError)}</span>
            </Alert>
          )}
          <div className="form__grid">
            <TextField
              label={t('admin.personnel.username')}
              autoComplete="off"
              autoFocus
              {...input('username')}
            />
            {changePassword ? (
              <TextField
                label={editing ? t('admin.personnel.newPassword') : t('admin.password')}
                type="password"
                autoComplete="new-password"
                hint={t('form.passwordHint')}
                {...input('password')}
              />
            ) : (
              <div className="field field--action">
                <Button
                  variant="secondary"
                  onClick={() => setChangePassword(true)}
                  data-testid="personnel-change-password"
                >
                  {t('admin.personnel.changePassword')}
                </Button>
              </div>
            )}
            <TextField label={t('admin.personnel.name')} {...input('name')} />
            <TextField label={`${t('form.lastName')} ${t('form.optional')}`} {...input('lastName')} />
            <TextField label={`${t('form.nickname')} ${t('form.optional')}`} {...input('nickname')} />
            <TextField
              label={`${t('form.phone')} ${t('form.optional')}`}
              type="tel"
              inputMode="tel"
              hint={t('form.phoneHint')}
              {...input('tel')}
            />
            <TextField
              label={`${t('admin.personnel.position')} ${t('form.optional')}`}
              {...input('position')}
            />
            <SelectField
              label={t('admin.personnel.role')}
              value={draft.role}
              onChange={(e) => setDraft((d) => ({ ...d, role: e.target.value as StaffRole }))}
              error={text(errors.role)}
              data-testid="personnel-role"
            >
              <option value="staff">{t('admin.personnel.roles.staff')}</option>
              <option value="admin">{t('admin.personnel.roles.admin')}</option>
            </SelectField>
          </div>
          <div className="form__actions">
            <Button variant="secondary" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="personnel-save">
              {editing ? t('admin.personnel.save') : t('admin.personnel.create')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
