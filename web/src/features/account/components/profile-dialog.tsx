import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { isApiError } from '@/lib/api-client';
import { fieldMessages, type Message } from '@/lib/message';
import { normalizePhone, validatePhone } from '@/lib/validation';
import { useMessageText } from '@/hooks/use-message-text';
import { useAccountDialogStore } from '@/stores/account-dialog-store';
import { useAuthStore } from '@/stores/auth-store';
import { initials } from '@/lib/initials';
import type { User } from '@/types/api';
import { useUpdateProfile } from '../api/update-profile';

type Field = 'nickname' | 'phone';

/** The member's profile: who they are (read only), nickname and phone (PATCH /api/auth/me). */
export function ProfileDialog() {
  const { t } = useTranslation();
  const open = useAccountDialogStore((s) => s.open === 'profile');
  const close = useAccountDialogStore((s) => s.close);
  const user = useAuthStore((s) => s.user);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      {open && user && (
        <DialogContent
          title={t('profile.title')}
          description={t('profile.description')}
          closeLabel={t('form.close')}
          data-testid="profile-dialog"
        >
          <ProfileForm user={user} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const update = useUpdateProfile();
  const formRef = useRef<HTMLFormElement>(null);
  const [nickname, setNickname] = useState(user.nickname ?? '');
  const [phone, setPhone] = useState(user.phone);
  const [errors, setErrors] = useState<Partial<Record<Field, Message>>>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const [saved, setSaved] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setSaved(false);
    const invalid = validatePhone(phone);
    setErrors(invalid ? { phone: { key: invalid } } : {});
    if (invalid) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    // only what changed goes to the server
    const changes = {
      ...(nickname.trim() !== (user.nickname ?? '') ? { nickname: nickname.trim() || null } : {}),
      ...(normalizePhone(phone) !== user.phone ? { phone: normalizePhone(phone) } : {}),
    };
    try {
      if (Object.keys(changes).length > 0) await update.mutateAsync(changes);
      setSaved(true);
    } catch (error) {
      const fields = isApiError(error) ? fieldMessages(error, ['nickname', 'phone'] as const) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(isApiError(error) ? { error } : { key: 'error.title' });
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
      <div className="profile-card">
        {user.avatarUrl ? (
          <img className="profile-card__avatar" src={user.avatarUrl} alt="" />
        ) : (
          <span className="profile-card__avatar profile-card__avatar--empty" aria-hidden="true">
            {initials(user.firstName, user.lastName)}
          </span>
        )}
        <dl className="profile-card__facts">
          <div>
            <dt>{t('profile.memberCode')}</dt>
            <dd data-testid="profile-member-code">{user.memberCode}</dd>
          </div>
          <div>
            <dt>{t('profile.name')}</dt>
            <dd>
              {user.firstName} {user.lastName}
            </dd>
          </div>
          <div>
            <dt>{t('form.email')}</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>{t('profile.facebook')}</dt>
            <dd>{user.facebook ? user.facebook.name : t('profile.facebookNone')}</dd>
          </div>
        </dl>
      </div>
      <p className="field__hint">{t('profile.avatarLater')}</p>
      {formError && <Alert>{text(formError)}</Alert>}
      {saved && (
        <Alert tone="success">
          <span data-testid="profile-saved">{t('profile.saved')}</span>
        </Alert>
      )}
      <div className="form__grid">
        <TextField
          label={`${t('form.nickname')} ${t('form.optional')}`}
          autoComplete="nickname"
          value={nickname}
          onChange={(e) => {
            setNickname(e.target.value);
            setSaved(false);
            setErrors((s) => ({ ...s, nickname: undefined }));
          }}
          error={text(errors.nickname)}
          data-testid="profile-nickname"
        />
        <TextField
          label={t('form.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint={t('form.phoneHint')}
          value={phone}
          onChange={(e) => {
            setPhone(e.target.value);
            setSaved(false);
            setErrors((s) => ({ ...s, phone: undefined }));
          }}
          error={text(errors.phone)}
          data-testid="profile-phone"
        />
      </div>
      <Button
        type="submit"
        size="lg"
        className="form__submit"
        loading={update.isPending}
        data-testid="profile-save"
      >
        {t('profile.save')}
      </Button>
    </form>
  );
}
