import { useTranslation } from 'react-i18next';
import type { PackageCreateBody, PackageStaff } from '@rian/proto-contracts/catalog-commerce';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useSavePackage } from '../api/packages';
import { OfferForm } from './offer-form';

/** Create or edit a package (spec 02 §3 Package). */
export function PackageDialog({ pkg, onClose }: { pkg: PackageStaff | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePackage();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={pkg ? pkg.title : t('catalogAdmin.packages.createTitle')}
        description={pkg ? pkg.url : t('catalogAdmin.packages.createDescription')}
        closeLabel={t('form.close')}
        className="dialog--wide"
        data-testid="package-dialog"
      >
        <OfferForm
          kind="package"
          offer={pkg}
          save={(body) => save.mutateAsync({ id: pkg?.id ?? null, body: body as PackageCreateBody })}
          onCancel={onClose}
          onSaved={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
