import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useProductDetails } from '../api/get-product-details';
import { mediaUrl } from '../lib/media';
import '../i18n';

const isLink = (file: string) => /^(https?:)?\/\//.test(file) || file.startsWith('/');

/**
 * The product's detail tabs (one call: each tab with its lists, in order). Nothing while loading or
 * when the product has none; the rest of the page does not wait for it.
 */
export function ProductTabs({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const details = useProductDetails(productId);
  const tabs = details.data?.tabs ?? [];
  if (tabs.length === 0) return null;
  return (
    <section className="product-section" aria-labelledby="product-details-title">
      <h2 className="product-section__title" id="product-details-title">
        {t('shop.product.detailsTitle')}
      </h2>
      <Tabs defaultValue={tabs[0]!.typeId} className="product-tabs">
        <TabsList aria-label={t('shop.product.detailsTitle')}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.typeId} value={tab.typeId} data-testid="product-tab">
              {tab.tabName}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.typeId} value={tab.typeId} data-testid="product-tab-panel">
            <ul className="detail-list">
              {tab.lists.map((item) => {
                const img = mediaUrl('product', item.img);
                return (
                  <li key={item.id} className="detail-list__item">
                    {img && <img className="detail-list__img" src={img} alt="" loading="lazy" />}
                    <div>
                      <h3 className="detail-list__title">{item.title}</h3>
                      {item.detail && <p className="detail-list__text">{item.detail}</p>}
                      {item.file && isLink(item.file) && (
                        <a href={item.file} target="_blank" rel="noopener noreferrer">
                          {t('shop.product.openFile')}
                        </a>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
