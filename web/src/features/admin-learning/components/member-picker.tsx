import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { User } from '@/types/api';
import { useMemberSearch } from '../api/people';

/**
 * Find a member by e-mail (or name, phone, member code) through auth's admin search and pick one.
 * The results are a labelled list of buttons; the picked member shows with a "change" button.
 */
export function MemberPicker({
  label,
  picked,
  onPick,
  error,
  testId,
}: {
  label: string;
  picked: User | null;
  onPick: (user: User | null) => void;
  error?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 300);
  const results = useMemberSearch(q);
  const listId = useId();

  if (picked) {
    return (
      <div className="member-picker member-picker--picked" data-testid={`${testId}-picked`}>
        <span className="field__label">{label}</span>
        <span>
          {picked.firstName} {picked.lastName} <span className="table__sub">{picked.email}</span>
        </span>
        <Button variant="ghost" size="sm" onClick={() => onPick(null)} data-testid={`${testId}-clear`}>
          {t('learningAdmin.enrolments.changeMember')}
        </Button>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  const items = q.trim().length >= 2 ? (results.data?.items ?? []) : [];
  return (
    <div className="member-picker">
      <TextField
        type="search"
        label={label}
        hint={t('learningAdmin.enrolments.memberHint')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
        aria-controls={listId}
        autoComplete="off"
        data-testid={`${testId}-search`}
      />
      <ul
        id={listId}
        className="member-picker__results"
        aria-label={t('learningAdmin.enrolments.memberResults')}
      >
        {items.map((u) => (
          <li key={u.id}>
            <button
              type="button"
              className="member-picker__option"
              onClick={() => onPick(u)}
              data-testid={`${testId}-option`}
            >
              {u.email}
              <span className="table__sub">
                {u.firstName} {u.lastName} · {u.memberCode}
              </span>
            </button>
          </li>
        ))}
        {q.trim().length >= 2 && results.data && items.length === 0 && (
          <li className="field__hint">{t('learningAdmin.enrolments.noMember')}</li>
        )}
      </ul>
    </div>
  );
}
