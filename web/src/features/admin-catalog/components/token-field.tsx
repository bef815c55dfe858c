import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

/** A notification channel token: written, never read back. `clear` wins over a typed value. */
export type TokenEdit = { value: string; clear: boolean };

/** What a save sends: a new token, null to remove it, or nothing (left as it is). */
export function tokenBody(edit: TokenEdit): string | null | undefined {
  if (edit.clear) return null;
  return edit.value.trim() ? edit.value.trim() : undefined;
}

export function TokenField({
  label,
  isSet,
  edit,
  onChange,
  testId,
}: {
  label: string;
  /** the server holds one (hasLineToken / hasTelegramToken) */
  isSet: boolean;
  edit: TokenEdit;
  onChange: (edit: TokenEdit) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const state = edit.clear ? 'willClear' : isSet ? 'set' : 'notSet';
  return (
    <div className="token-field">
      <TextField
        label={label}
        type="password"
        autoComplete="off"
        value={edit.value}
        disabled={edit.clear}
        hint={t(`catalogAdmin.token.${state}`)}
        onChange={(e) => onChange({ value: e.target.value, clear: false })}
        data-testid={testId}
      />
      {isSet && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange({ value: '', clear: !edit.clear })}
          data-testid={`${testId}-clear`}
        >
          {edit.clear ? t('catalogAdmin.token.keep') : t('catalogAdmin.token.clear')}
        </Button>
      )}
    </div>
  );
}
