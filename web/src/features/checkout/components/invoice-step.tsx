import { useId, useRef, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckField } from '@/components/ui/check-field';
import { TextField } from '@/components/ui/text-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import {
  ThaiAddressPicker,
  type PlaceNames,
  type PlaceValue,
} from '@/components/thai-address/thai-address-picker';
import { useAddresses } from '@/api/get-addresses';
import { useMessageText } from '@/hooks/use-message-text';
import type { AddressFormat, Product } from '@/types/api';
import type { OrderAction } from '../lib/order-draft';
import {
  receiptFromAddress,
  savedAddressFor,
  type ReceiptDraft,
  type ReceiptErrors,
  type ReceiptField,
  type ReceiptType,
} from '../lib/receipt-form';

/**
 * Step 2, the invoice (spec 02 §4, §5): a tax invoice / receipt or not; for whom (person or
 * company); the name, tax id, phone and the Thai address — typed, or prefilled from the member's
 * saved address (or, for a product with a book, the book delivery address).
 */
export function InvoiceStep({
  product,
  receipt,
  errors,
  onErrors,
  dispatch,
  onBack,
  onNext,
}: {
  product: Product;
  receipt: ReceiptDraft;
  errors: ReceiptErrors;
  onErrors: (errors: ReceiptErrors) => void;
  dispatch: Dispatch<OrderAction>;
  onBack: () => void;
  /** validates; false when a field needs fixing */
  onNext: () => boolean;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const wantName = useId();
  const typeName = useId();
  const formRef = useRef<HTMLDivElement>(null);
  const addresses = useAddresses();

  const patch = (next: Partial<ReceiptDraft>, cleared: ReceiptField[] = []) => {
    dispatch({ type: 'receipt', patch: next });
    if (cleared.some((f) => errors[f])) {
      const rest = { ...errors };
      for (const f of cleared) delete rest[f];
      onErrors(rest);
    }
  };

  const field = (name: 'name' | 'taxId' | 'address' | 'phone') => ({
    value: receipt[name],
    onChange: (e: { target: { value: string } }) => patch({ [name]: e.target.value, source: null }, [name]),
    error: text(errors[name]),
    'data-testid': `checkout-${receipt.type}-${name === 'taxId' ? 'taxid' : name}`,
  });

  function onPlace(next: PlaceValue, changed: 'province' | 'district' | 'subDistrict', places: PlaceNames) {
    patch({ ...next, places, source: null }, changed === 'subDistrict' ? ['subDistrict', 'zip'] : [changed]);
  }

  function fillFromSaved(format: AddressFormat, on: boolean) {
    const saved = savedAddressFor(addresses.data, format, receipt.type);
    if (!on || !saved) {
      patch({ source: null });
      return;
    }
    patch({ ...receiptFromAddress(saved), source: format }, Object.keys(errors) as ReceiptField[]);
  }

  function next() {
    if (onNext()) return;
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }

  const savedCurrent = savedAddressFor(addresses.data, 'current', receipt.type);
  const savedDelivery = savedAddressFor(addresses.data, 'delivery', receipt.type);
  const isCompany = receipt.type === 'company';

  return (
    <div className="checkout-step" data-testid="checkout-invoice" ref={formRef}>
      <fieldset className="checkout-choice">
        <legend className="checkout-choice__legend">{t('checkout.invoice.question')}</legend>
        <label className="checkout-choice__item">
          <input
            type="radio"
            name={wantName}
            checked={receipt.want}
            onChange={() => patch({ want: true })}
            data-testid="checkout-receipt-yes"
          />
          {t('checkout.invoice.yes')}
        </label>
        <label className="checkout-choice__item">
          <input
            type="radio"
            name={wantName}
            checked={!receipt.want}
            onChange={() => {
              patch({ want: false });
              onErrors({});
            }}
            data-testid="checkout-receipt-no"
          />
          {t('checkout.invoice.no')}
        </label>
      </fieldset>

      {receipt.want && (
        <>
          <fieldset className="checkout-choice">
            <legend className="checkout-choice__legend">{t('checkout.invoice.type')}</legend>
            {(['person', 'company'] as const satisfies readonly ReceiptType[]).map((type) => (
              <label key={type} className="checkout-choice__item">
                <input
                  type="radio"
                  name={typeName}
                  checked={receipt.type === type}
                  onChange={() => patch({ type, source: null })}
                  data-testid={`checkout-receipt-${type}`}
                />
                {t(`checkout.invoice.${type}`)}
              </label>
            ))}
          </fieldset>

          {addresses.data && (
            <div className="checkout-prefill">
              <CheckField
                label={`${t('checkout.invoice.useSaved')}${savedCurrent ? '' : ` ${t('checkout.invoice.noSaved')}`}`}
                disabled={!savedCurrent}
                checked={receipt.source === 'current'}
                onChange={(e) => fillFromSaved('current', e.target.checked)}
                data-testid="checkout-use-saved"
              />
              {product.book === 'Y' && (
                <CheckField
                  label={`${t('checkout.invoice.useDelivery')}${savedDelivery ? '' : ` ${t('checkout.invoice.noSaved')}`}`}
                  disabled={!savedDelivery}
                  checked={receipt.source === 'delivery'}
                  onChange={(e) => fillFromSaved('delivery', e.target.checked)}
                  data-testid="checkout-use-delivery"
                />
              )}
            </div>
          )}

          {isCompany && <Alert tone="info">{t('checkout.invoice.companyNote')}</Alert>}

          <div className="form__grid">
            <TextField
              label={isCompany ? t('checkout.invoice.companyName') : t('checkout.invoice.fullName')}
              autoComplete={isCompany ? 'organization' : 'name'}
              {...field('name')}
            />
            <TextField
              label={isCompany ? t('checkout.invoice.taxId') : t('checkout.invoice.personTaxId')}
              inputMode="numeric"
              hint={t('checkout.invoice.taxIdHint')}
              {...field('taxId')}
            />
            <TextField
              label={t('checkout.invoice.phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              hint={t('checkout.invoice.phoneHint')}
              {...field('phone')}
            />
          </div>
          <TextAreaField
            label={t('checkout.invoice.address')}
            autoComplete="street-address"
            {...field('address')}
          />
          <ThaiAddressPicker
            idPrefix="checkout"
            testIds={{ subDistrict: 'checkout-sub-district' }}
            value={receipt}
            onChange={onPlace}
            messages={errors}
          />
        </>
      )}

      <div className="checkout-actions">
        <Button variant="secondary" size="lg" onClick={onBack}>
          {t('checkout.back')}
        </Button>
        <Button size="lg" onClick={next} data-testid="checkout-next">
          {t('checkout.next')}
        </Button>
      </div>
    </div>
  );
}
