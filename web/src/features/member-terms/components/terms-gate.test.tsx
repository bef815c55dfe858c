import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EnrolmentView } from '@rian/proto-contracts/learning';
import type { TermsView } from '@rian/proto-contracts/learning-terms';
import { bodiesSentTo, json, mockApi, problem } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { COURSE_ID, makeHome, renderMemberArea } from '@/features/member/testing';
import { useTermsPending } from './terms-gate';

/**
 * jsdom draws nothing on a canvas: a stand-in for signature_pad that "draws" one stroke when the
 * canvas gets a pointer-up, as the real pad ends a stroke.
 */
vi.mock('signature_pad', () => {
  class FakePad {
    private data: { points: { x: number; y: number; pressure: number; time: number }[] }[] = [];
    private listeners = new Set<() => void>();
    constructor(canvas: HTMLCanvasElement) {
      canvas.addEventListener('pointerup', () => {
        this.data.push({
          points: [
            { x: 10, y: 20, pressure: 0.5, time: 1 },
            { x: 30, y: 25, pressure: 0.5, time: 2 },
          ],
        });
        this.listeners.forEach((l) => l());
      });
    }
    addEventListener(_type: string, l: () => void) {
      this.listeners.add(l);
    }
    removeEventListener(_type: string, l: () => void) {
      this.listeners.delete(l);
    }
    isEmpty() {
      return this.data.length === 0;
    }
    clear() {
      this.data = [];
    }
    toData() {
      return this.data.map((g) => ({
        ...g,
        penColor: 'black',
        dotSize: 0,
        minWidth: 0.8,
        maxWidth: 2.6,
        velocityFilterWeight: 0.7,
        compositeOperation: 'source-over',
      }));
    }
    fromData() {}
    toDataURL() {
      return 'data:image/png;base64,iVBORw0KGgo=';
    }
    off() {}
  }
  return { default: FakePad };
});

const HOME = '/api/learning/member/home';
const TERMS = '/api/learning/member/terms';
const HASH = 'b'.repeat(64);

function enrolment(signature: 'Y' | 'N'): EnrolmentView {
  return { ...makeHome().enrolment!, signature };
}

function termsView(signature: 'Y' | 'N'): TermsView {
  const side = (lang: string) => ({
    title: `title ${lang}`,
    intro: `ข้าพเจ้า สมชาย ใจดี ผู้สมัครเรียนหลักสูตร "เทรดทองคำ" (${lang})`,
    clauses: [`การคืนเงินร้อยละ 90 (${lang})`],
    closing: `closing ${lang}`,
  });
  return {
    enrolmentId: enrolment('N').id,
    courseId: COURSE_ID,
    courseTitle: 'เทรดทองคำ',
    signature,
    signedAt: signature === 'Y' ? '2026-11-26T03:00:00.000Z' : null,
    version: '2026-11-26',
    th: side('th'),
    en: side('en'),
    textHash: HASH,
    pdfUrl: signature === 'Y' ? '/api/learning/signed/1/sig/terms/e1/terms-e1.pdf' : null,
    pdfExpiresAt: signature === 'Y' ? '2026-11-26T03:10:00.000Z' : null,
  };
}

/** learning with the member's selected enrolment unsigned (or signed); accepting answers `accept`. */
function learningApi(signature: 'Y' | 'N', accept = () => json(200, termsView('Y'))) {
  let now = signature;
  const e = enrolment(signature);
  return mockApi({
    [`GET ${HOME}`]: () => json(200, makeHome({ enrolment: e, enrolments: [e] })),
    'GET /api/orders/orders/mine': () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
    [`GET ${TERMS}`]: () => json(200, termsView(now)),
    [`POST ${TERMS}`]: () => {
      const reply = accept();
      if (reply.status === 200) now = 'Y';
      return reply;
    },
  });
}

function renderMember() {
  useAuthStore.getState().setSession('t', makeUser({ status: 'Premium' }));
  return renderMemberArea();
}

/** What the group join prompts read: whether the terms dialog must (still) show. */
const pendingNow = () => renderHook(() => useTermsPending()).result.current;

const learningPaths = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost').pathname)
    .filter((p) => p.startsWith('/api/learning/'));

describe('the course terms dialog on entering the member area (issue 16; spec 01 §2, §4)', () => {
  it('an unsigned member gets the persistent dialog: text with the course, confirm only after signing and ticking', async () => {
    learningApi('N');
    renderMember();
    const dialog = await screen.findByTestId('terms-dialog');
    expect(within(dialog).getByTestId('terms-course').textContent).toContain('เทรดทองคำ');
    expect(within(dialog).getByTestId('terms-text').textContent).toContain('สมชาย ใจดี');
    // persistent: no close button, Escape does nothing
    expect(within(dialog).queryByRole('button', { name: 'ปิด' })).toBeNull();
    const ue = userEvent.setup();
    await ue.keyboard('{Escape}');
    expect(screen.getByTestId('terms-dialog')).toBeTruthy();

    const confirm = within(dialog).getByTestId('terms-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await ue.click(within(dialog).getByTestId('terms-agree'));
    expect(confirm.disabled).toBe(true); // ticked, but nothing drawn
    act(() => {
      within(dialog).getByTestId('terms-pad').dispatchEvent(new Event('pointerup'));
    });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    // clear empties the pad again
    await ue.click(within(dialog).getByTestId('terms-clear'));
    expect(confirm.disabled).toBe(true);
    expect(pendingNow()).toBe(true);
  });

  it('confirming asks first, then sends the strokes, the PNG and the hash; the PDF link and a close button follow', async () => {
    const fetchMock = learningApi('N');
    renderMember();
    const dialog = await screen.findByTestId('terms-dialog');
    const ue = userEvent.setup();
    act(() => {
      within(dialog).getByTestId('terms-pad').dispatchEvent(new Event('pointerup'));
    });
    await ue.click(within(dialog).getByTestId('terms-agree'));
    await ue.click(within(dialog).getByTestId('terms-confirm'));
    const prompt = await screen.findByRole('alertdialog');
    expect(prompt.textContent).toContain('ยืนยันการลงนาม');
    expect(bodiesSentTo(fetchMock, 'POST', TERMS)).toEqual([]);
    await ue.click(within(prompt).getByTestId('confirm-submit'));

    const link = await screen.findByTestId('terms-download');
    expect(link.getAttribute('href')).toBe('/api/learning/signed/1/sig/terms/e1/terms-e1.pdf');
    const [body] = bodiesSentTo(fetchMock, 'POST', TERMS) as {
      courseId: string;
      textHash: string;
      strokes: { points: unknown[] }[];
      png: string;
    }[];
    expect(body).toMatchObject({
      courseId: COURSE_ID,
      textHash: HASH,
      png: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(body!.strokes).toHaveLength(1);
    expect(body!.strokes[0]!.points).toHaveLength(2);
    // still showing the PDF: the group prompts keep waiting until it is closed
    expect(pendingNow()).toBe(true);
    await ue.click(screen.getByTestId('terms-close'));
    await waitFor(() => expect(screen.queryByTestId('terms-dialog')).toBeNull());
    expect(pendingNow()).toBe(false);
  });

  it("shows the server's reason when the text changed meanwhile (409), in Thai", async () => {
    learningApi('N', () =>
      problem(409, 'learning.terms_changed', 'changed', {
        messages: {
          th: 'ข้อตกลงมีการเปลี่ยนแปลง กรุณาอ่านข้อตกลงล่าสุดแล้วลงนามอีกครั้ง',
          en: 'The terms have changed; please read the current terms and sign again',
        },
      }),
    );
    renderMember();
    const dialog = await screen.findByTestId('terms-dialog');
    const ue = userEvent.setup();
    act(() => {
      within(dialog).getByTestId('terms-pad').dispatchEvent(new Event('pointerup'));
    });
    await ue.click(within(dialog).getByTestId('terms-agree'));
    await ue.click(within(dialog).getByTestId('terms-confirm'));
    await ue.click(within(await screen.findByRole('alertdialog')).getByTestId('confirm-submit'));
    expect((await screen.findByTestId('terms-error')).textContent).toContain('ข้อตกลงมีการเปลี่ยนแปลง');
    expect(screen.getByTestId('terms-dialog')).toBeTruthy();
  });

  it('a member who signed before enters with one read from learning and no dialog', async () => {
    const fetchMock = learningApi('Y');
    renderMember();
    await screen.findByTestId('member-course-title');
    expect(screen.queryByTestId('terms-dialog')).toBeNull();
    expect(learningPaths(fetchMock)).toEqual([HOME]);
    await waitFor(() => expect(pendingNow()).toBe(false));
  });

  it('shows the English text when the UI is in English', async () => {
    useLanguageStore.getState().setLanguage('en');
    try {
      learningApi('N');
      renderMember();
      const dialog = await screen.findByTestId('terms-dialog');
      expect(within(dialog).getByTestId('terms-text').textContent).toContain('(en)');
      expect(within(dialog).getByTestId('terms-confirm').textContent).toBe('Confirm');
    } finally {
      useLanguageStore.getState().setLanguage('th');
    }
  });
});

describe('useTermsPending (the group prompts wait for it)', () => {
  it('is true until the gate has read the terms', () => {
    const { result } = renderHook(() => useTermsPending());
    expect(result.current).toBe(true);
  });
});
