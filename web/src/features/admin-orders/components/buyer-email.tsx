/**
 * A buyer's e-mail in a back-office table: it may break after the @ first (name and domain on two
 * lines), so a long address does not push the table's last columns out of view.
 */
export function BuyerEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
