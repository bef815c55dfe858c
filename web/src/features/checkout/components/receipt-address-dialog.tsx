import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { ReceiptInfo } from '@/components/orders/receipt-info';
import { toReceiptRequest, type ReceiptDraft } from '../lib/receipt-form';

/**
 * The company address dialog (spec 02 §2: 500 wide, read-only): what the tax invoice will name,
 * to check before confirming the order. Changes are made in step 2.
 */
export function ReceiptAddressDialog({
  receipt,
  open,
  onOpenChange,
}: {
  receipt: ReceiptDraft;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={receipt.type === 'company' ? t('checkout.address.company') : t('checkout.address.person')}
          description={t('checkout.address.description')}
          closeLabel={t('checkout.close')}
          className="address-view-dialog"
          data-testid="checkout-address-dialog"
        >
          <ReceiptInfo
            order={{ receipt: 'Y', receiptType: receipt.type, receiptInfo: toReceiptRequest(receipt) }}
          />
          <div className="checkout-actions">
            <DialogClose asChild>
              <Button>{t('checkout.close')}</Button>
            </DialogClose>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
