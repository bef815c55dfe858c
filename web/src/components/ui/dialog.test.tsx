import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog, DialogContent } from './dialog';

/** A list whose items are buttons opening one dialog; `redraw` replaces every button while it is open. */
function Board({ redrawWhileOpen }: { redrawWhileOpen: boolean }) {
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <div key={generation}>
        {['a', 'b'].map((id) => (
          <button key={id} type="button" onClick={() => setOpen(true)}>
            <span data-focus-key={`item-${id}`}>Item {id}</span>
          </button>
        ))}
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next && redrawWhileOpen) setGeneration((g) => g + 1);
          setOpen(next);
        }}
      >
        <DialogContent title="Item" description="One item" closeLabel="Close">
          <p>detail</p>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent gives focus back to what opened it', () => {
  it('to the opener itself (opened from a plain button, not a DialogTrigger)', async () => {
    const ue = userEvent.setup();
    render(<Board redrawWhileOpen={false} />);
    const b = screen.getByRole('button', { name: 'Item b' });
    b.focus();
    await ue.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Item' });
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(b);
  });

  it('to the element now carrying the same data-focus-key when a re-render replaced the opener', async () => {
    const ue = userEvent.setup();
    render(<Board redrawWhileOpen />);
    const before = screen.getByRole('button', { name: 'Item b' });
    before.focus();
    await ue.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Item' });
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const after = screen.getByRole('button', { name: 'Item b' });
    expect(after).not.toBe(before);
    expect(before.isConnected).toBe(false);
    expect(document.activeElement).toBe(after);
  });
});
