import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/** A slip's thumbnail (its signed URL); a click opens it large to read the transfer. */
export function SlipImage({ url, reference }: { url: string; reference: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const alt = t('slipsAdmin.imageOf', { reference });
  return (
    <>
      <button
        type="button"
        className="slip-thumb"
        onClick={() => setOpen(true)}
        aria-label={t('slipsAdmin.openImage', { reference })}
        data-testid="slip-image"
      >
        <img src={url} alt="" loading="lazy" />
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={alt}
          description={t('slipsAdmin.imageHint')}
          closeLabel={t('slipsAdmin.close')}
          className="dialog--wide"
          data-testid="slip-image-large"
        >
          <img className="slip-large" src={url} alt={alt} />
        </DialogContent>
      </Dialog>
    </>
  );
}
