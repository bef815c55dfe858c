import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { formatTHB } from '@/lib/format';
import type { Price, Product } from '@/types/api';
import '../i18n';

/** "Buy now": checkout arrives with issue 5; until then a "coming soon" dialog says what was chosen. */
export function BuyNow({ product, price }: { product: Product; price: Price | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="accent" size="lg" onClick={() => setOpen(true)} data-testid="buy-now">
        {t('shop.buy.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="dialog--narrow"
          title={t('comingSoon.title')}
          description={t('shop.buy.text')}
          closeLabel={t('form.close')}
          data-testid="buy-now-dialog"
        >
          <p className="buy-now__choice">
            {product.title} · {formatTHB(price?.value ?? product.price)}
            {price && ` (${price.title})`}
          </p>
          <div className="form__actions">
            <DialogClose asChild>
              <Button variant="primary">{t('form.close')}</Button>
            </DialogClose>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
