import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnownCourse } from '@rian/proto-contracts/catalog-commerce';
import { FieldFrame } from '@/components/ui/field-frame';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useKnownCourseSearch } from '../api/known-courses';

/** How a course reads in the back office: its title, and its code when it has one. */
export const courseLabel = (c: Pick<KnownCourse, 'title' | 'code'>) =>
  c.code ? `${c.title} (${c.code})` : c.title;

type Props = {
  label: string;
  onPick: (course: KnownCourse) => void;
  /** ids already chosen: not offered again */
  exclude?: readonly string[];
  error?: string | null;
  hint?: string;
  testId: string;
};

/**
 * A searchable list of learning's courses (catalog's read model), by title or code: staff pick a
 * course instead of typing its id, so a product only ever gets a course learning has (issue 11
 * item 13). A combobox: type to search, arrows to move, Enter or a click to pick.
 */
export function CoursePicker({ label, onPick, exclude = [], error, hint, testId }: Props) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebouncedValue(text.trim(), 250);
  const search = useKnownCourseSearch(q, open);
  const excluded = new Set(exclude);
  const options = (search.data?.items ?? []).filter((c) => !excluded.has(c.id));
  const current = Math.min(active, Math.max(options.length - 1, 0));

  function pick(course: KnownCourse) {
    onPick(course);
    setText('');
    setOpen(false);
    setActive(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(options.length ? (current + step + options.length) % options.length : 0);
    } else if (event.key === 'Enter') {
      // Enter never submits a typed id: it picks the highlighted course, if any
      event.preventDefault();
      const course = open ? options[current] : undefined;
      if (course) pick(course);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <FieldFrame label={label} error={error} hint={hint ?? t('catalogAdmin.courses.pickHint')}>
      {(control) => (
        <div className="course-picker">
          <input
            {...control}
            className="field__input"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && options.length ? optionId(current) : undefined}
            autoComplete="off"
            value={text}
            maxLength={100}
            placeholder={t('catalogAdmin.courses.searchPlaceholder')}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(0);
            }}
            onFocus={() => setOpen(true)}
            onClick={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            data-testid={testId}
          />
          {open && (
            <ul id={listId} role="listbox" className="course-picker__list" data-testid={`${testId}-options`}>
              {options.map((c, i) => (
                <li
                  key={c.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === current}
                  className="course-picker__option"
                  // mousedown, not click: the input's blur would close the list first
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(c);
                  }}
                  data-testid={`${testId}-option`}
                >
                  <span>{courseLabel(c)}</span>
                  {c.status === 'closed' && (
                    <span className="table__sub">{t('catalogAdmin.courses.closed')}</span>
                  )}
                </li>
              ))}
              {search.isSuccess && !options.length && (
                <li className="course-picker__empty" aria-disabled="true">
                  {t('catalogAdmin.courses.noMatch')}
                </li>
              )}
            </ul>
          )}
        </div>
      )}
    </FieldFrame>
  );
}
