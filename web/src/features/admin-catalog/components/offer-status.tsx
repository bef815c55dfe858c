import { useTranslation } from 'react-i18next';

const KNOWN = ['coming', 'open', 'closed'] as const;

/**
 * A product's or package's status (a free text, spec 02 §3; `coming` by default) in the UI's
 * language: the known ones translated, anything else staff typed as they typed it.
 */
export function OfferStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = (KNOWN as readonly string[]).includes(status);
  return (
    <span className="badge" data-testid="offer-status" title={status}>
      {known ? t(`catalogAdmin.offer.statuses.${status}`) : status}
    </span>
  );
}
