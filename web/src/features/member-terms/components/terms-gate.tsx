import { lazy, Suspense, useEffect, useState } from 'react';
import { create } from 'zustand';
import { useMemberHome } from '@/features/member/api/member-home';
import { useTerms } from '../api/terms';

const TermsDialog = lazy(() => import('./terms-dialog'));

/** Whether the terms dialog is (or may yet be) open; true until the gate has read the terms. */
const useTermsGateStore = create<{ pending: boolean }>()(() => ({ pending: true }));

/**
 * True while the course terms dialog must show (spec 01 §4: the terms come first on entering the
 * member area, then the group join prompts): the member's terms are still being read, or the
 * selected enrolment is unsigned, or the member has just signed and the dialog still shows the PDF.
 */
export function useTermsPending(): boolean {
  return useTermsGateStore((s) => s.pending);
}

/**
 * Spec 01 §4 "Signature": a member whose selected enrolment's signature flag is N gets the course
 * terms dialog (persistent) on entering the member area. Mounted once in the member layout; the
 * dialog and the signature pad are their own chunk, loaded only when the dialog opens.
 */
export function TermsGate() {
  const home = useMemberHome();
  const courseId = home.data?.enrolment?.courseId ?? null;
  // the home's enrolments are read afresh on every call (D70): their flag says whether to ask at all,
  // so a member who signed before enters with one read from learning, as before
  const ask = home.data?.enrolments.find((e) => e.courseId === courseId)?.signature === 'N';
  const terms = useTerms(courseId, ask);
  // the enrolment the dialog opened for: it stays open after signing (the PDF link) until closed
  const [openFor, setOpenFor] = useState<string | null>(null);
  const view = terms.data;
  const unsigned = view?.signature === 'N';
  useEffect(() => {
    if (view && unsigned) setOpenFor(view.enrolmentId);
  }, [view, unsigned]);
  const open = Boolean(view && (unsigned || openFor === view.enrolmentId));
  const pending = home.isPending || (ask && terms.isPending) || open;

  useEffect(() => {
    useTermsGateStore.setState({ pending });
  }, [pending]);
  useEffect(() => () => useTermsGateStore.setState({ pending: true }), []);

  if (!open || !view) return null;
  return (
    <Suspense fallback={null}>
      <TermsDialog view={view} onClose={() => setOpenFor(null)} />
    </Suspense>
  );
}
