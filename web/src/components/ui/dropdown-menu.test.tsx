import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

function Menu({ onProfile, onChoose }: { onProfile: () => void; onChoose: (v: string) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button">Account</button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Signed in</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onProfile}>Profile</DropdownMenuItem>
        <DropdownMenuRadioGroup value="a" onValueChange={onChoose}>
          <DropdownMenuRadioItem value="a">Course A</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="b">Course B</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

describe('DropdownMenu', () => {
  it('opens from the keyboard (Enter), moves with ↓/↑, chooses with Enter, and is styled as our menu', async () => {
    const onProfile = vi.fn();
    const ue = userEvent.setup();
    render(<Menu onProfile={onProfile} onChoose={() => {}} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    trigger.focus();
    await ue.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu.className).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const profile = screen.getByRole('menuitem', { name: 'Profile' });
    expect(profile.className).toBe('menu__item');
    await waitFor(() => expect(document.activeElement).toBe(profile));
    await ue.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Course A' }));
    await ue.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(profile);
    await ue.keyboard('{Enter}');
    expect(onProfile).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('opens with ↓ too; radio items mark the chosen one; Escape closes and gives focus back', async () => {
    const onChoose = vi.fn();
    const ue = userEvent.setup();
    render(<Menu onProfile={() => {}} onChoose={onChoose} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    trigger.focus();
    await ue.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    const a = screen.getByRole('menuitemradio', { name: 'Course A' });
    const b = screen.getByRole('menuitemradio', { name: 'Course B' });
    expect(a.getAttribute('aria-checked')).toBe('true');
    expect(a.querySelector('.menu__mark')?.textContent).toBe('●');
    expect(b.querySelector('.menu__mark')?.textContent).toBe('');
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    expect(onChoose).not.toHaveBeenCalled();
  });
});
