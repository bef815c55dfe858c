import { useId, useState, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentTypeView } from '@rian/proto-contracts/payments';
import { usePaymentTypes } from '@/api/get-payment-types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { BankIcon, CalendarIcon, CardIcon, CoinIcon, ReceiptIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useUpdatePaymentType } from '../api/update-payment-type';

/** payments' icon names (spec 02 §3 "Payment type") → our inline pictures */
const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  card: CardIcon,
  bank: BankIcon,
  coin: CoinIcon,
  installment: CalendarIcon,
};

/**
 * The payment types (spec 02 §4: 1 card, 4 bank transfer, 6 coin, 8 instalments) with staff's on/off
 * switch. Switching off asks first; the switch shows the server's state only (it moves once payments
 * has answered), and a refusal is shown with the server's text.
 */
export function PaymentTypesPanel() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const headingId = useId();
  const types = usePaymentTypes();
  const update = useUpdatePaymentType();
  const [switchingOff, setSwitchingOff] = useState<PaymentTypeView | null>(null);
  const [error, setError] = useState<unknown>(null);

  function change(type: PaymentTypeView, on: boolean) {
    setError(null);
    if (!on) {
      setSwitchingOff(type);
      return;
    }
    update.mutate({ id: type.id, body: { disable: 'N' } }, { onError: setError });
  }

  return (
    <section className="payment-types" aria-labelledby={headingId} data-testid="payment-types">
      <div className="admin__heading-row">
        <h2 className="payment-types__heading" id={headingId}>
          {t('catalogAdmin.paymentTypes.title')}
        </h2>
        <Button variant="ghost" size="sm" onClick={() => void types.refetch()} loading={types.isFetching}>
          {t('admin.refresh')}
        </Button>
      </div>
      <p className="payment-types__description">{t('catalogAdmin.paymentTypes.description')}</p>
      {types.isError && <Alert>{problemText(types.error, language)}</Alert>}
      {error !== null && (
        <Alert>
          <span data-testid="payment-types-error">{problemText(error, language)}</span>
        </Alert>
      )}
      {types.isPending && !types.isError && <Spinner label={t('admin.loading')} />}
      {types.data && (
        <ul className="payment-types__list">
          {types.data.map((type) => {
            const Icon = ICONS[type.icon] ?? ReceiptIcon;
            const on = type.disable === 'N';
            const saving = update.isPending && update.variables?.id === type.id;
            const titleId = `${headingId}-title-${type.id}`;
            const detailId = `${headingId}-detail-${type.id}`;
            return (
              <li
                key={type.id}
                className={['payment-types__row', !on && 'is-disabled'].filter(Boolean).join(' ')}
                data-testid={`payment-type-${type.id}`}
              >
                <Icon className="payment-types__icon" width={28} height={28} />
                <div className="payment-types__text">
                  <span className="payment-types__title" id={titleId}>
                    {type.title[language]}
                  </span>
                  <span className="payment-types__detail" id={detailId}>
                    {type.detail[language]}
                  </span>
                </div>
                <div className="payment-types__control">
                  <Switch
                    checked={on}
                    onCheckedChange={(checked) => change(type, checked)}
                    disabled={saving}
                    aria-busy={saving || undefined}
                    aria-labelledby={titleId}
                    aria-describedby={detailId}
                    data-testid={`payment-type-switch-${type.id}`}
                  />
                  <span className="payment-types__state" aria-hidden="true">
                    {on ? t('catalogAdmin.paymentTypes.on') : t('catalogAdmin.paymentTypes.off')}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDelete
        target={switchingOff}
        title={t('catalogAdmin.paymentTypes.offTitle')}
        description={(type) => t('catalogAdmin.paymentTypes.offText', { title: type.title[language] })}
        confirmLabel={t('catalogAdmin.paymentTypes.offConfirm')}
        onClose={() => setSwitchingOff(null)}
        onConfirm={(type) => update.mutateAsync({ id: type.id, body: { disable: 'Y' } })}
      />
    </section>
  );
}
