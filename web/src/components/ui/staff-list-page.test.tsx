import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ListParams } from '@/hooks/use-list-params';
import { useStaffList } from '@/hooks/use-staff-list';
import { problem, renderWithProviders } from '@/testing/render';
import { ApiError } from '@/lib/api-client';
import type { Page } from '@/types/api';
import type { Column } from './data-table';
import { StaffListPage } from './staff-list-page';
import '@/features/admin/i18n';

type Widget = { id: string; name: string; locked: boolean };
type WidgetSort = 'name' | '-name';
const SORTS: readonly WidgetSort[] = ['name', '-name'];

/** A made-up resource: the list and delete calls are spies, the page is what a new page would write. */
function setup({ items, total = items.length }: { items: Widget[]; total?: number }) {
  const list = vi.fn(
    async (params: ListParams<WidgetSort>, _filters: { colour: string }): Promise<Page<Widget>> => ({
      items,
      page: params.page,
      pageSize: params.pageSize,
      total,
    }),
  );
  const remove = vi.fn(async (_id: string): Promise<void> => {});
  const dialogs: (Widget | null)[] = [];

  const useWidgets = (params: ListParams<WidgetSort>, filters: { colour: string }) =>
    useQuery({
      queryKey: ['widgets', params, filters],
      queryFn: () => list(params, filters),
      placeholderData: keepPreviousData,
    });
  const useDeleteWidget = () => useMutation({ mutationFn: remove });
  const columns: Column<Widget>[] = [
    { key: 'name', label: 'Name', sortField: 'name', render: (w) => w.name },
  ];

  function WidgetsPage() {
    const state = useStaffList({
      sorts: SORTS,
      defaultSort: 'name',
      filterKeys: ['colour'],
      useItems: useWidgets,
      useRemove: useDeleteWidget,
    });
    return (
      <StaffListPage
        list={state}
        testId="widgets"
        title="Widgets"
        newLabel="New widget"
        searchLabel="Search"
        columns={columns}
        rowActions={{
          label: 'Actions',
          edit: { label: 'Edit', testId: 'widget-edit', ariaLabel: (w) => `Edit ${w.name}` },
          remove: { label: 'Delete', testId: 'widget-delete', when: (w) => !w.locked },
        }}
        dialog={(row, close) => {
          dialogs.push(row);
          return (
            <div role="dialog" data-testid="widget-dialog">
              {row ? `editing ${row.name}` : 'creating'}
              <button type="button" onClick={close}>
                close
              </button>
            </div>
          );
        }}
        confirmDelete={{
          title: 'Delete widget?',
          description: (w) => `Delete ${w.name}`,
          confirmLabel: 'Delete',
        }}
      />
    );
  }

  const rendered = renderWithProviders(<WidgetsPage />, { path: '/widgets' });
  return { ...rendered, list, remove, dialogs, ue: userEvent.setup() };
}

const WIDGETS: Widget[] = [
  { id: 'w1', name: 'Alpha', locked: false },
  { id: 'w2', name: 'Beta', locked: true },
];

describe('StaffListPage + useStaffList', () => {
  it('lists the rows with their actions; a locked row has no Delete', async () => {
    setup({ items: WIDGETS });
    const rows = await screen.findAllByTestId('widgets-table-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Alpha', 'Beta']);
    expect(within(rows[0]!).getByRole('button', { name: 'Edit Alpha' })).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('widget-delete')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('widget-delete')).toBeNull();
  });

  it('sends the settled search text as q from page 1, and keeps it in the address', async () => {
    const { list, ue, router } = setup({ items: WIDGETS, total: 45 });
    await screen.findAllByTestId('widgets-table-row');
    await ue.click(screen.getByRole('button', { name: 'ถัดไป' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }), { colour: '' }),
    );

    await ue.type(screen.getByTestId('widgets-search'), 'alp');
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'alp', page: 1 }), { colour: '' }),
    );
    // one call for the settled text, none per keystroke
    expect(list.mock.calls.filter(([p]) => p.q && p.q !== 'alp')).toEqual([]);
    expect(router.state.location.search).toBe('?q=alp');
  });

  it('sorts through the server: a header click toggles ascending and descending', async () => {
    const { list, ue, router } = setup({ items: WIDGETS });
    await screen.findAllByTestId('widgets-table-row');
    const header = () => screen.getByTestId('sort-name').closest('th')!.getAttribute('aria-sort');
    expect(header()).toBe('ascending');
    await ue.click(screen.getByTestId('sort-name'));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ sort: '-name' }), { colour: '' }),
    );
    expect(header()).toBe('descending');
    expect(router.state.location.search).toBe('?sort=-name');
    await ue.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(header()).toBe('ascending'));
    expect(router.state.location.search).toBe('');
  });

  it('pages: the pager says where it is and moves by one', async () => {
    const { list, ue } = setup({ items: WIDGETS, total: 45 });
    await screen.findAllByTestId('widgets-table-row');
    expect(screen.getByTestId('pager-status').textContent).toBe('หน้า 1 จาก 3 (45 รายการ)');
    expect((screen.getByRole('button', { name: 'ก่อนหน้า' }) as HTMLButtonElement).disabled).toBe(true);
    await ue.click(screen.getByRole('button', { name: 'ถัดไป' }));
    await waitFor(() =>
      expect(screen.getByTestId('pager-status').textContent).toBe('หน้า 2 จาก 3 (45 รายการ)'),
    );
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, pageSize: 20 }), { colour: '' });
  });

  it('says the list is empty instead of an empty table', async () => {
    setup({ items: [] });
    expect((await screen.findByTestId('widgets-empty')).textContent).toBe('ยังไม่มีรายการ');
    expect(screen.queryByTestId('widgets-table')).toBeNull();
  });

  it('opens the dialog empty for New and on the row for Edit; closing it removes it', async () => {
    const { ue, dialogs } = setup({ items: WIDGETS });
    await screen.findAllByTestId('widgets-table-row');
    expect(screen.queryByTestId('widget-dialog')).toBeNull();
    await ue.click(screen.getByTestId('widgets-new'));
    expect(screen.getByTestId('widget-dialog').textContent).toContain('creating');
    await ue.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.queryByTestId('widget-dialog')).toBeNull();
    await ue.click(screen.getAllByTestId('widget-edit')[1]!);
    expect(screen.getByTestId('widget-dialog').textContent).toContain('editing Beta');
    expect(dialogs.at(-1)).toEqual(WIDGETS[1]);
  });

  it('deletes only after the confirmation; Cancel calls nothing; a refusal stays in the dialog', async () => {
    const { ue, remove } = setup({ items: WIDGETS });
    await ue.click((await screen.findAllByTestId('widget-delete'))[0]!);
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete widget?' });
    expect(confirm.textContent).toContain('Delete Alpha');
    expect(remove).not.toHaveBeenCalled();
    await ue.click(within(confirm).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    remove.mockRejectedValueOnce(new ApiError(problem(409, 'widget.in_use', 'ยังใช้อยู่').body as never));
    await ue.click(screen.getAllByTestId('widget-delete')[0]!);
    confirm = await screen.findByRole('alertdialog');
    await ue.click(within(confirm).getByTestId('confirm-submit'));
    expect((await screen.findByTestId('confirm-error')).textContent).toBe('ยังใช้อยู่');
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove.mock.calls[0]![0]).toBe('w1');

    await ue.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove).toHaveBeenCalledTimes(2);
  });
});
