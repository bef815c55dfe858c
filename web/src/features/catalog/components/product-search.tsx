import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '@/components/ui/icons';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { formatTHB } from '@/lib/format';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useProducts } from '../api/get-products';

/**
 * Header product search (spec 01 §2): a combobox input anchoring a Radix popover that lists the
 * matching products; ↑/↓ move, Enter opens /product/{url}, Escape closes.
 */
export function ProductSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const anchorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(text.trim(), 250);
  const products = useProducts({ q, page: 1, pageSize: 20 }, { enabled: open });
  const items = products.data?.items ?? [];
  const settled = q === text.trim() && !products.isFetching;

  function go(index: number) {
    const product = items[index];
    if (!product) return;
    close();
    setText('');
    inputRef.current?.blur();
    void navigate(`/product/${encodeURIComponent(product.url)}`);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function move(delta: number) {
    if (!open) setOpen(true);
    if (items.length === 0) return;
    const next =
      active < 0 ? (delta > 0 ? 0 : items.length - 1) : (active + delta + items.length) % items.length;
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        if (open && active >= 0) {
          event.preventDefault();
          go(active);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
    }
  }

  let status: string | null = null;
  if (products.isError) status = t('search.error');
  else if (products.isPending || (!settled && items.length === 0)) status = t('search.loading');
  else if (items.length === 0) status = t('search.empty');

  return (
    <Popover open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <PopoverAnchor asChild>
        <div className="search" ref={anchorRef}>
          <label htmlFor={`${id}-input`} className="sr-only">
            {t('search.label')}
          </label>
          <SearchIcon className="search__icon" width={18} height={18} />
          <input
            ref={inputRef}
            id={`${id}-input`}
            className="search__input"
            type="search"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('search.placeholder')}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            data-testid="product-search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
          />
        </div>
      </PopoverAnchor>
      <PopoverContent
        className="search__popover"
        role="presentation"
        keepFocus
        onInteractOutside={(e) => {
          // clicks in the input keep the list open
          if (anchorRef.current?.contains(e.target as Node)) e.preventDefault();
        }}
      >
        <div role="listbox" id={listId} aria-label={t('search.results')} className="search__list">
          {items.map((product, index) => (
            <Link
              key={product.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className={index === active ? 'search__option is-active' : 'search__option'}
              to={`/product/${encodeURIComponent(product.url)}`}
              data-testid="product-search-option"
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => {
                close();
                setText('');
              }}
            >
              <span className="search__option-title">{product.title}</span>
              <span className="search__option-price">{formatTHB(product.price)}</span>
            </Link>
          ))}
        </div>
        <p className="search__status" role="status">
          {status ?? (settled ? t('search.count', { count: items.length }) : '')}
        </p>
      </PopoverContent>
    </Popover>
  );
}
