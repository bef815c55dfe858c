import { useTranslation } from 'react-i18next';
import type { ProductCreateBody, ProductStaff } from '@rian/proto-contracts/catalog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSaveProduct } from '../api/products';
import { OfferForm } from './offer-form';
import { ProductBankLimits } from './product-bank-limits';
import { ProductCoaches } from './product-coaches';
import { ProductCourses } from './product-courses';
import { ProductDetails } from './product-details';
import { ProductPrices } from './product-prices';

const TABS = ['general', 'prices', 'courses', 'details', 'coaches', 'bankLimits'] as const;
export type ProductTab = (typeof TABS)[number];

/**
 * A product: a new one is only its form (the dialog closes once created, spec 02 §4); an existing
 * one adds tabs for what hangs off it — prices, courses, page tabs, coaches, bank limits.
 */
export function ProductDialog({
  product,
  initialTab = 'general',
  onClose,
}: {
  product: ProductStaff | null;
  initialTab?: ProductTab;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveProduct();
  const form = (
    <OfferForm
      kind="product"
      offer={product}
      save={(body) => save.mutateAsync({ id: product?.id ?? null, body: body as ProductCreateBody })}
      onCancel={onClose}
      onSaved={onClose}
    />
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={product ? product.title : t('catalogAdmin.product.createTitle')}
        description={product ? `/product/${product.url}` : t('catalogAdmin.product.createDescription')}
        closeLabel={t('form.close')}
        className="dialog--wide catalog-dialog"
        data-testid="product-dialog"
      >
        {product ? (
          <Tabs defaultValue={initialTab}>
            <TabsList aria-label={t('catalogAdmin.product.tabsLabel')}>
              {TABS.map((tab) => (
                <TabsTrigger key={tab} value={tab} data-testid={`product-tab-${tab}`}>
                  {t(`catalogAdmin.product.tabs.${tab}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            {/* kept mounted: a half-edited form survives a look at another tab */}
            <TabsContent value="general" forceMount>
              {form}
            </TabsContent>
            <TabsContent value="prices">
              <ProductPrices productId={product.id} />
            </TabsContent>
            <TabsContent value="courses">
              <ProductCourses productId={product.id} />
            </TabsContent>
            <TabsContent value="details">
              <ProductDetails productId={product.id} />
            </TabsContent>
            <TabsContent value="coaches">
              <ProductCoaches productId={product.id} />
            </TabsContent>
            <TabsContent value="bankLimits">
              <ProductBankLimits productId={product.id} />
            </TabsContent>
          </Tabs>
        ) : (
          form
        )}
      </DialogContent>
    </Dialog>
  );
}
