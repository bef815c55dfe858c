import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import type { Address, AdminUserPatch, MembershipCode, User, UserChange, UserStatus } from '@/types/api';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { useUserChanges } from '../api/get-user-changes';
import { MEMBERSHIP_CODES } from '@/lib/membership-codes';
import { USER_STATUSES } from '../lib/user-options';
import { Pager } from '@/components/ui/pager';

const CHANGES_PAGE_SIZE = 10;
const SLOTS = [
  ['current', 'person'],
  ['current', 'company'],
  ['delivery', 'person'],
  ['delivery', 'company'],
] as const;

/** A member in the back office: details, status and membership codes, addresses, change history. */
export function UserDetailDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const detail = useUser(userId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={
          detail.data
            ? `${detail.data.user.firstName} ${detail.data.user.lastName}`
            : t('admin.users.detailTitle')
        }
        description={detail.data ? detail.data.user.email : t('admin.loading')}
        closeLabel={t('form.close')}
        className="dialog--wide"
        data-testid="user-detail"
      >
        {detail.isPending && <Spinner label={t('admin.loading')} />}
        {detail.isError && <Alert>{problemText(detail.error, language)}</Alert>}
        {detail.data && (
          <div className="user-detail">
            <UserFacts user={detail.data.user} />
            <UserEditForm user={detail.data.user} />
            <UserAddresses addresses={detail.data.addresses} />
            <UserChanges userId={userId} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserFacts({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  return (
    <dl className="facts facts--grid">
      <div>
        <dt>{t('admin.users.columns.memberCode')}</dt>
        <dd>{user.memberCode}</dd>
      </div>
      <div>
        <dt>{t('admin.users.columns.phone')}</dt>
        <dd>{user.phone}</dd>
      </div>
      <div>
        <dt>{t('form.nickname')}</dt>
        <dd>{user.nickname ?? '–'}</dd>
      </div>
      <div>
        <dt>{t('admin.users.columns.createdAt')}</dt>
        <dd>{formatDateTime(user.createdAt, language)}</dd>
      </div>
      <div>
        <dt>Facebook</dt>
        <dd>{user.facebook ? user.facebook.name : '–'}</dd>
      </div>
    </dl>
  );
}

const sameCodes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

function UserEditForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const update = useUpdateUser();
  const [status, setStatus] = useState<UserStatus>(user.status);
  const [codes, setCodes] = useState<MembershipCode[]>(user.membershipCodes);
  const [saved, setSaved] = useState(false);
  const patch: AdminUserPatch = {
    ...(status !== user.status ? { status } : {}),
    // spec order, so the list reads the same everywhere
    ...(!sameCodes(codes, user.membershipCodes)
      ? { membershipCodes: MEMBERSHIP_CODES.filter((c) => codes.includes(c)) }
      : {}),
  };
  const dirty = Object.keys(patch).length > 0;

  function toggle(code: MembershipCode, on: boolean) {
    setSaved(false);
    setCodes((list) => (on ? [...list.filter((c) => c !== code), code] : list.filter((c) => c !== code)));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!dirty) return;
    update.mutate({ id: user.id, patch }, { onSuccess: () => setSaved(true) });
  }

  return (
    <form
      className="form user-detail__section"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="user-edit-title"
    >
      <h3 className="user-detail__title" id="user-edit-title">
        {t('admin.users.editTitle')}
      </h3>
      {update.error && <Alert>{problemText(update.error, language)}</Alert>}
      {saved && !dirty && (
        <Alert tone="success">
          <span data-testid="user-saved">{t('admin.users.saved')}</span>
        </Alert>
      )}
      <SelectField
        label={t('admin.users.status')}
        value={status}
        onChange={(e) => {
          setSaved(false);
          setStatus(e.target.value as UserStatus);
        }}
        hint={t('admin.users.statusHint')}
        data-testid="user-status"
      >
        {USER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <fieldset className="checks">
        <legend className="field__label">{t('admin.users.membership')}</legend>
        <div className="checks__grid">
          {MEMBERSHIP_CODES.map((code) => (
            <label key={code} className="check">
              <input
                type="checkbox"
                checked={codes.includes(code)}
                onChange={(e) => toggle(code, e.target.checked)}
                data-testid={`code-${code}`}
              />
              <span>{code}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form__actions">
        <Button type="submit" disabled={!dirty} loading={update.isPending} data-testid="user-save">
          {t('admin.users.save')}
        </Button>
      </div>
    </form>
  );
}

function UserAddresses({ addresses }: { addresses: Address[] }) {
  const { t } = useTranslation();
  return (
    <section className="user-detail__section" aria-labelledby="user-addresses-title">
      <h3 className="user-detail__title" id="user-addresses-title">
        {t('admin.users.addresses')}
      </h3>
      <ul className="address-list" data-testid="user-addresses">
        {SLOTS.map(([format, type]) => {
          const a = addresses.find((x) => x.format === format && x.type === type);
          return (
            <li key={`${format}-${type}`} className="address-list__item">
              <p className="address-list__slot">
                {t(`admin.users.slots.${format}`)} · {t(`admin.users.types.${type}`)}
              </p>
              {a ? (
                <p className="address-list__text">
                  {a.fullname}
                  {a.vatId && ` (${a.vatId})`}
                  <br />
                  {a.address} {a.subDistrictName} {a.districtName} {a.provinceName} {a.zip}
                  <br />
                  {a.tel}
                  {a.note && (
                    <>
                      <br />
                      {a.note}
                    </>
                  )}
                </p>
              ) : (
                <p className="address-list__text address-list__text--empty">{t('admin.users.noAddress')}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function changeValue(value: UserChange['before']): string {
  if (value === null) return '–';
  return Array.isArray(value) ? value.join(', ') || '–' : value;
}

function UserChanges({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [page, setPage] = useState(1);
  const changes = useUserChanges(userId, page, CHANGES_PAGE_SIZE);
  return (
    <section className="user-detail__section" aria-labelledby="user-changes-title">
      <h3 className="user-detail__title" id="user-changes-title">
        {t('admin.users.changes')}
      </h3>
      {changes.isError && <Alert>{problemText(changes.error, language)}</Alert>}
      {changes.isPending && !changes.isError && <Spinner label={t('admin.loading')} />}
      {changes.data && changes.data.items.length === 0 && <p>{t('admin.users.noChanges')}</p>}
      {changes.data && changes.data.items.length > 0 && (
        <div className="table-wrap">
          <table className="table" data-testid="user-changes">
            <thead>
              <tr>
                <th scope="col">{t('admin.users.changeColumns.when')}</th>
                <th scope="col">{t('admin.users.changeColumns.who')}</th>
                <th scope="col">{t('admin.users.changeColumns.field')}</th>
                <th scope="col">{t('admin.users.changeColumns.before')}</th>
                <th scope="col">{t('admin.users.changeColumns.after')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.data.items.map((c) => (
                <tr key={c.id}>
                  <td className="table__nowrap">{formatDateTime(c.changedAt, language)}</td>
                  <td>{c.changedBy.name ?? c.changedBy.id}</td>
                  <td>{t(`admin.users.fields.${c.field}`)}</td>
                  <td>{changeValue(c.before)}</td>
                  <td>{changeValue(c.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {changes.data && changes.data.total > CHANGES_PAGE_SIZE && (
        <Pager page={page} pageSize={CHANGES_PAGE_SIZE} total={changes.data.total} onPage={setPage} />
      )}
    </section>
  );
}
