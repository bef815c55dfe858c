import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';

describe('Popover', () => {
  it('opens from its trigger with Enter, takes focus inside, and Escape closes it and gives focus back', async () => {
    const ue = userEvent.setup();
    render(
      <Popover>
        <PopoverTrigger>Filters</PopoverTrigger>
        <PopoverContent aria-label="Filter panel">
          <button type="button">Apply</button>
        </PopoverContent>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Filters' });
    trigger.focus();
    await ue.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Filter panel' });
    expect(panel.className).toBe('popover');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('keepFocus: anchored to an input, the input keeps focus while the panel opens and closes', async () => {
    function Combo() {
      const [open, setOpen] = useState(false);
      return (
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverAnchor asChild>
            <input aria-label="Search" onKeyDown={(e) => e.key === 'ArrowDown' && setOpen(true)} />
          </PopoverAnchor>
          <PopoverContent keepFocus className="search__popover">
            <p>results</p>
          </PopoverContent>
        </Popover>
      );
    }
    const ue = userEvent.setup();
    render(<Combo />);
    const input = screen.getByRole('textbox', { name: 'Search' });
    await ue.click(input);
    await ue.keyboard('{ArrowDown}');
    const panel = await screen.findByText('results');
    expect(panel.parentElement?.className).toBe('popover search__popover');
    expect(document.activeElement).toBe(input);
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('results')).toBeNull());
    expect(document.activeElement).toBe(input);
  });
});
