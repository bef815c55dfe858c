import { useTranslation } from 'react-i18next';

const KNOWN = ['coming', 'open', 'closed'] as const;
type Known = (typeof KNOWN)[number];
const isKnown = (status: string): status is Known => (KNOWN as readonly string[]).includes(status);

/**
 * A product's or package's status (a free text, spec 02 §3; `coming` by default) in the UI's
 * language: the known ones translated, anything else staff typed as they typed it.
 */
export function OfferStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className="badge" data-testid="offer-status" title={status}>
      {isKnown(status) ? t(`catalogAdmin.offer.statuses.${status}`) : status}
    </span>
  );
}
