import { useTranslation } from 'react-i18next';
import {
  ConfirmDelete as SharedConfirmDelete,
  type ConfirmDeleteProps,
} from '@/components/ui/confirm-delete';

/** The shared "Delete …?" with the catalog's "ลบ" as its default button. */
export function ConfirmDelete<T>({
  confirmLabel,
  ...props
}: Omit<ConfirmDeleteProps<T>, 'confirmLabel'> & { confirmLabel?: string }) {
  const { t } = useTranslation();
  return <SharedConfirmDelete {...props} confirmLabel={confirmLabel ?? t('catalogAdmin.delete')} />;
}
