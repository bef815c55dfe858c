import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type { DocumentListStaff, DocumentStaff } from '@rian/proto-contracts/learning-content';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { page, renderAdmin } from '@/testing/admin';

const DOCS = '/api/learning/admin/documents';
const LISTS = '/api/learning/admin/document-lists';
const UPLOAD = '/api/media/documents';
const AT = '2026-01-01T00:00:00.000Z';
const FILE_ID = '0190a0b0-0000-7000-8000-0000000000f1';
const COURSE_ID = '0190a0b0-0000-7000-8000-0000000000c1';
const DOC: DocumentStaff = {
  id: '0190a0b0-0000-7000-8000-0000000000d1',
  name: 'สไลด์บทที่ 1',
  detail: 'ใช้ประกอบการเรียน',
  type: 'pdf',
  position: 2,
  fileId: FILE_ID,
  img: null,
  file: {
    fileId: FILE_ID,
    filename: `${FILE_ID}.pdf`,
    originalName: 'lesson-notes.pdf',
    contentType: 'application/pdf',
    bytes: 250_000,
  },
  createdBy: 's1',
  createdAt: AT,
  updatedAt: AT,
};
const COURSE = { id: COURSE_ID, title: 'เทรดทองคำ', code: 'GOLD1' } as CourseStaff;
const pdf = () => new File(['%PDF-1.7 test'], 'บทที่ 2.pdf', { type: 'application/pdf' });

const SIGNED = `/api/media/signed/1767229200/sig/document/${FILE_ID}/${FILE_ID}.pdf`;

/** window.open as a browser answers it: the new tab, which the page then sends to the file. */
function stubNewTab() {
  const tab = { opener: window as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

describe('/admin/document', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists documents with the name their file was uploaded under', async () => {
    mockApi({ [`GET ${DOCS}`]: page([DOC]) });
    renderAdmin('/admin/document');
    const row = await screen.findByTestId('documents-table-row');
    expect(within(row).getByTestId('document-name-value').textContent).toBe('สไลด์บทที่ 1');
    expect(within(row).getByTestId('document-file-name').textContent).toBe('lesson-notes.pdf');
    expect(within(row).queryByText(`${FILE_ID}.pdf`)).toBeNull();
    expect(within(row).getByText('244 KB')).toBeTruthy();
  });

  it("opens a saved document's file in a new tab through a URL learning signs on the click", async () => {
    let asked = 0;
    mockApi({
      [`GET ${DOCS}`]: page([DOC, { ...DOC, id: 'no-file', name: 'รอไฟล์', file: null }]),
      [`GET ${DOCS}/${DOC.id}/url`]: () => {
        asked += 1;
        return json(200, { url: SIGNED, expiresAt: AT });
      },
      'GET /api/learning/admin/document-lists': page([]),
    });
    const { tab, open } = stubNewTab();
    renderAdmin('/admin/document');
    const ue = userEvent.setup();
    const [row, waiting] = await screen.findAllByTestId('documents-table-row');
    // a document whose file media has not announced has nothing to open
    expect(within(waiting!).queryByTestId('document-open')).toBeNull();
    const button = within(row!).getByTestId('document-open');
    expect(button.textContent).toBe('เปิดไฟล์');
    expect(button.getAttribute('aria-label')).toBe('เปิดไฟล์ของ สไลด์บทที่ 1');
    expect(asked).toBe(0); // signed on the click, not before (the URL is short-lived)
    await ue.click(button);
    await waitFor(() => expect(tab.location.href).toBe(SIGNED));
    // the tab opened on the click itself (no pop-up blocking), without a way back to this page
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(asked).toBe(1);

    // the dialog of a saved document opens it the same way
    tab.location.href = '';
    await ue.click(within(row!).getByTestId('document-edit'));
    const form = await screen.findByTestId('document-dialog');
    expect(within(form).getByTestId('document-file').textContent).toContain('lesson-notes.pdf');
    expect(within(form).queryByTestId('document-file-open')).toBeNull();
    await ue.click(within(form).getByTestId('document-saved-open'));
    await waitFor(() => expect(tab.location.href).toBe(SIGNED));
    expect(asked).toBe(2);
  });

  it('closes the new tab and says why when the file cannot be opened', async () => {
    mockApi({
      [`GET ${DOCS}`]: page([DOC]),
      [`GET ${DOCS}/${DOC.id}/url`]: problem(404, 'learning.document_file_not_found', 'not yet', {
        messages: {
          th: 'ยังไม่พบไฟล์ของเอกสารนี้ กรุณาลองใหม่ภายหลัง',
          en: "This document's file is not known yet; try again later",
        },
      }),
    });
    const { tab } = stubNewTab();
    renderAdmin('/admin/document');
    const ue = userEvent.setup();
    const row = await screen.findByTestId('documents-table-row');
    await ue.click(within(row).getByTestId('document-open'));
    expect((await within(row).findByRole('alert')).textContent).toBe('ยังไม่พบไฟล์ของเอกสารนี้ กรุณาลองใหม่ภายหลัง');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it("shows media's refusal of an uploaded file (Thai), and says what is accepted", async () => {
    mockApi({
      [`GET ${DOCS}`]: page([]),
      [`POST ${UPLOAD}`]: problem(400, 'media.document_unsupported_type', 'not a document', {
        messages: {
          th: 'ไฟล์นี้ไม่ใช่เอกสารที่รองรับ (PDF, รูปภาพ PNG/JPEG/GIF/WebP หรือเอกสาร Word, Excel, PowerPoint)',
          en: 'This file is not a supported document',
        },
      }),
    });
    renderAdmin('/admin/document');
    // the picker's filter is a hint: staff may pick "all files" (media checks the bytes)
    const ue = userEvent.setup({ applyAccept: false });
    await ue.click(await screen.findByTestId('documents-new'));
    const form = await screen.findByTestId('document-dialog');
    expect(within(form).getByText(/ไม่เกิน 20 MB/)).toBeTruthy();
    const input = within(form).getByTestId('document-upload');
    await ue.upload(input, new File(['MZ'], 'setup.exe', { type: '' }));
    expect(
      await within(form).findByText(
        'ไฟล์นี้ไม่ใช่เอกสารที่รองรับ (PDF, รูปภาพ PNG/JPEG/GIF/WebP หรือเอกสาร Word, Excel, PowerPoint)',
      ),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('uploads a file, then creates the document with its file id (waiting for learning to hear of the file)', async () => {
    let creates = 0;
    const fetchMock = mockApi({
      [`GET ${DOCS}`]: page([]),
      [`POST ${UPLOAD}`]: json(200, {
        fileId: FILE_ID,
        filename: 'x1.pdf',
        originalName: 'บทที่ 2.pdf',
        contentType: 'application/pdf',
        bytes: 13,
        url: '/api/media/signed/1/abc/document/x/x1.pdf',
        expiresAt: AT,
      }),
      [`POST ${DOCS}`]: (_u, init) => {
        creates += 1;
        // the first try comes before learning has heard of the file from media
        return creates === 1
          ? problem(400, 'validation.failed', 'invalid', {
              errors: [
                {
                  field: '/fileId',
                  code: 'learning.document_file_unknown',
                  message: 'ไม่พบไฟล์เอกสารนี้ กรุณาอัปโหลดไฟล์ใหม่',
                },
              ],
            })
          : json(201, { ...DOC, ...JSON.parse(String(init.body)) });
      },
    });
    renderAdmin('/admin/document');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('documents-new'));
    const form = await screen.findByTestId('document-dialog');
    await ue.click(within(form).getByTestId('document-dialog-save'));
    expect(await within(form).findByText('กรุณาอัปโหลดไฟล์')).toBeTruthy();

    await ue.upload(within(form).getByTestId('document-upload'), pdf());
    expect((await within(form).findByTestId('document-file')).textContent).toContain('บทที่ 2.pdf');
    expect(within(form).getByTestId('document-file-open').getAttribute('href')).toBe(
      '/api/media/signed/1/abc/document/x/x1.pdf',
    );
    // the name and type come from the file's name; staff may change them
    expect(within(form).getByTestId<HTMLInputElement>('document-name').value).toBe('บทที่ 2');
    expect(within(form).getByTestId<HTMLInputElement>('document-type').value).toBe('pdf');
    await ue.type(within(form).getByTestId('document-position'), '3');
    await ue.click(within(form).getByTestId('document-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('document-dialog')).toBeNull(), { timeout: 3000 });
    expect(bodiesSentTo(fetchMock, 'POST', DOCS)).toEqual([
      { name: 'บทที่ 2', detail: null, type: 'pdf', position: 3, fileId: FILE_ID },
      { name: 'บทที่ 2', detail: null, type: 'pdf', position: 3, fileId: FILE_ID },
    ]);
    // the upload went as multipart, field `images`
    const upload = fetchMock.mock.calls.find(([u]) => String(u).endsWith(UPLOAD));
    expect((upload?.[1]?.body as FormData).get('images')).toBeInstanceOf(File);
  });

  it("edits a document's lists: lists it on a course, removes an entry", async () => {
    const entry: DocumentListStaff = {
      id: 'dl-1',
      documentId: DOC.id,
      videoId: null,
      sessionId: null,
      courseId: COURSE_ID,
      item: 1,
      createdBy: 's1',
      createdAt: AT,
      updatedAt: AT,
      document: { id: DOC.id, name: DOC.name, type: DOC.type },
    };
    const fetchMock = mockApi({
      [`GET ${DOCS}`]: page([DOC]),
      [`GET ${LISTS}`]: page([entry]),
      [`POST ${LISTS}`]: (_u, init) => json(201, { ...entry, id: 'dl-2', ...JSON.parse(String(init.body)) }),
      [`DELETE ${LISTS}/dl-1`]: json(204),
      'GET /api/learning/admin/courses': page([COURSE]),
      [`GET /api/learning/admin/courses/${COURSE_ID}/sessions`]: page([
        { id: 's-1', title: 'ประชุมสด', date: '2026-05-02' },
      ]),
      'GET /api/learning/admin/videos': page([]),
    });
    renderAdmin('/admin/document');
    const ue = userEvent.setup();
    await ue.click(within(await screen.findByTestId('documents-table-row')).getByTestId('document-edit'));
    const form = await screen.findByTestId('document-dialog');
    const listed = await within(form).findByTestId('document-list-entry');
    await waitFor(() => expect(listed.textContent).toContain('เทรดทองคำ'));

    await within(form).findByRole('option', { name: 'เทรดทองคำ (GOLD1)' });
    await ue.selectOptions(within(form).getByTestId('document-list-course'), COURSE_ID);
    await within(form).findByRole('option', { name: '2 พ.ค. 2026 · ประชุมสด' });
    await ue.selectOptions(within(form).getByTestId('document-list-target'), 'session:s-1');
    await ue.click(within(form).getByTestId('document-list-add'));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST', LISTS)).toEqual([{ documentId: DOC.id, sessionId: 's-1' }]),
    );

    await ue.click(within(listed).getByTestId('document-list-remove'));
    await ue.click(await screen.findByTestId('confirm-submit'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, init]) => init?.method === 'DELETE' && String(u).endsWith('/dl-1')),
      ).toBe(true),
    );
  });
});
