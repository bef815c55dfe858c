import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { fromFieldError, type Message } from '@/lib/message';
import { useMessageText } from '@/hooks/use-message-text';
import { useAccountDialogStore } from '@/stores/account-dialog-store';
import type { Address, AddressFormat, AddressType } from '@/types/api';
import { useAddresses } from '@/api/get-addresses';
import { useSaveAddress } from '../api/save-address';
import { useDeleteAddress } from '../api/delete-address';
import {
  addressFieldOf,
  draftFrom,
  toAddressBody,
  validateAddress,
  type AddressDraft,
  type AddressErrors,
  type AddressField,
} from '../lib/address-form';
import { ThaiAddressPicker, type PlaceValue } from '@/components/thai-address/thai-address-picker';

const SLOTS = [
  { format: 'current', type: 'person' },
  { format: 'current', type: 'company' },
  { format: 'delivery', type: 'person' },
  { format: 'delivery', type: 'company' },
] as const satisfies readonly { format: AddressFormat; type: AddressType }[];

const slotKey = (s: { format: AddressFormat; type: AddressType }) => `${s.format}-${s.type}`;

/** The member's four addresses (spec 01 §3 UserAddress): current / delivery × person / company. */
export function AddressDialog() {
  const { t } = useTranslation();
  const open = useAccountDialogStore((s) => s.open === 'addresses');
  const close = useAccountDialogStore((s) => s.close);
  const addresses = useAddresses();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      {open && (
        <DialogContent
          title={t('address.title')}
          description={t('address.description')}
          closeLabel={t('form.close')}
          className="address-dialog"
          data-testid="address-dialog"
        >
          {addresses.isPending && <Spinner label={t('address.loading')} />}
          {addresses.isError && <Alert>{t('address.loadError')}</Alert>}
          {addresses.data && (
            <Tabs defaultValue={slotKey(SLOTS[0])}>
              <TabsList aria-label={t('address.slots')}>
                {SLOTS.map((slot) => {
                  const saved = addresses.data.some((a) => a.format === slot.format && a.type === slot.type);
                  return (
                    <TabsTrigger
                      key={slotKey(slot)}
                      value={slotKey(slot)}
                      data-testid={`address-tab-${slotKey(slot)}`}
                    >
                      {t(`address.slot.${slot.format}`)} · {t(`address.type.${slot.type}`)}
                      {saved && <span className="tabs__dot" role="img" aria-label={t('address.saved')} />}
                    </TabsTrigger>
                  );
                })}
              </TabsList>
              {SLOTS.map((slot) => (
                // kept mounted (hidden) so an unsaved draft survives switching tabs
                <TabsContent key={slotKey(slot)} value={slotKey(slot)} forceMount>
                  <AddressForm
                    format={slot.format}
                    type={slot.type}
                    saved={addresses.data.find((a) => a.format === slot.format && a.type === slot.type)}
                  />
                </TabsContent>
              ))}
            </Tabs>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function AddressForm({ format, type, saved }: { format: AddressFormat; type: AddressType; saved?: Address }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<AddressDraft>(() => draftFrom(saved));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const [done, setDone] = useState<'saved' | 'deleted' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const id = `address-${format}-${type}`;
  const company = type === 'company';

  function edit(field: keyof AddressDraft, value: string) {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[field as AddressField] ? { ...e, [field]: undefined } : e));
    setDone(null);
  }

  function onPlace(next: PlaceValue, changed: 'province' | 'district' | 'subDistrict') {
    setDraft((d) => ({ ...d, ...next }));
    setErrors((e) => ({
      ...e,
      [changed]: undefined,
      ...(changed === 'subDistrict' ? { zip: undefined } : {}),
    }));
    setDone(null);
  }

  function showErrors(next: AddressErrors): boolean {
    setErrors(next);
    const invalid = Object.values(next).some(Boolean);
    if (invalid) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    }
    return invalid;
  }

  function applyServerError(error: unknown) {
    if (!isApiError(error)) {
      setFormError({ key: 'error.title' });
      return;
    }
    const next: AddressErrors = {};
    for (const e of error.problem.errors ?? []) {
      const field = addressFieldOf(e.field.split(/[/.]/).filter(Boolean).pop() ?? e.field);
      if (field && !next[field]) next[field] = fromFieldError(e);
    }
    if (Object.keys(next).length > 0) showErrors(next);
    else setFormError({ error });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setDone(null);
    if (showErrors(validateAddress(draft, type))) return;
    try {
      const result = await save.mutateAsync({ format, type, body: toAddressBody(draft) });
      setDraft(draftFrom(result));
      setDone('saved');
    } catch (error) {
      applyServerError(error);
    }
  }

  function onDelete() {
    setFormError(null);
    remove.mutate(
      { format, type },
      {
        onSuccess: () => {
          setConfirmDelete(false);
          setDraft(draftFrom(undefined));
          setErrors({});
          setDone('deleted');
        },
        onError: (error) => {
          setConfirmDelete(false);
          applyServerError(error);
        },
      },
    );
  }

  const field = (name: 'fullname' | 'vatId' | 'tel' | 'address' | 'note') => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => edit(name, e.target.value),
    error: text(errors[name]),
    'data-testid': `${id}-${name}`,
  });

  return (
    <form ref={formRef} className="form address-form" noValidate onSubmit={onSubmit} data-testid={id}>
      {formError && <Alert>{text(formError)}</Alert>}
      {done && (
        <Alert tone="success">
          <span data-testid={`${id}-done`}>
            {t(done === 'saved' ? 'address.savedText' : 'address.deletedText')}
          </span>
        </Alert>
      )}
      <div className="form__grid">
        <TextField
          label={company ? t('address.companyName') : t('address.fullname')}
          autoComplete={company ? 'organization' : 'name'}
          {...field('fullname')}
        />
        <TextField
          label={company ? t('address.taxId') : `${t('address.personTaxId')} ${t('form.optional')}`}
          inputMode="numeric"
          maxLength={17}
          hint={t('address.taxIdHint')}
          {...field('vatId')}
        />
        <TextField
          label={t('form.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint={t('form.phoneHint')}
          {...field('tel')}
        />
      </div>
      <TextAreaField label={t('address.address')} autoComplete="street-address" {...field('address')} />
      <ThaiAddressPicker idPrefix={id} value={draft} onChange={onPlace} messages={errors} />
      <TextAreaField label={`${t('address.note')} ${t('form.optional')}`} rows={2} {...field('note')} />
      <div className="form__actions">
        {saved && (
          <Button variant="ghost" onClick={() => setConfirmDelete(true)} data-testid={`${id}-delete`}>
            {t('address.delete')}
          </Button>
        )}
        <Button type="submit" loading={save.isPending} data-testid={`${id}-save`}>
          {t('address.save')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('address.deleteTitle')}
        description={t('address.deleteText', {
          slot: `${t(`address.slot.${format}`)} · ${t(`address.type.${type}`)}`,
        })}
        confirmLabel={t('address.delete')}
        cancelLabel={t('form.cancel')}
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </form>
  );
}
