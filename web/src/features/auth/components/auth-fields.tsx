import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

type AuthFieldProps = Omit<TextFieldProps, 'label' | 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** The e-mail input every auth dialog starts with. */
export function EmailField({ onValueChange, ...field }: AuthFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('form.email')}
      type="email"
      autoComplete="email"
      onChange={(e) => onValueChange(e.target.value)}
      {...field}
    />
  );
}

/** The 4-digit e-mailed code; spaces are dropped because people paste "12 34" from mail clients. */
export function CodeField({ onValueChange, ...field }: AuthFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('form.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={4}
      className="field--code"
      onChange={(e) => onValueChange(e.target.value.replace(/\s/g, ''))}
      {...field}
    />
  );
}
