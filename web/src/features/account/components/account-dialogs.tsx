import { ProfileDialog } from './profile-dialog';
import { AddressDialog } from './address-dialog';
import '../i18n';

/** The account dialogs, loaded on first use (the default export is what React.lazy needs). */
export default function AccountDialogs() {
  return (
    <>
      <ProfileDialog />
      <AddressDialog />
    </>
  );
}
