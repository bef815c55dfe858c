import { useTranslation } from 'react-i18next';
import type { DocumentStaff } from '@rian/proto-contracts/learning-content';
import type { Column } from '@/components/ui/data-table';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDateTime } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { DOCUMENT_SORTS, useDeleteDocument, useDocuments } from '../api/content';
import { DocumentDialog, formatBytes } from '../components/document-dialog';
import { OpenDocument } from '../components/open-document';
import '../learning-admin.css';
import '../i18n';

/**
 * /admin/document — documents (spec 02 §3 "Document"): private files uploaded through media, named,
 * typed and ordered here; each one's document lists (a course, a session or a video) in its dialog.
 * A saved document's file opens through a short-lived signed URL learning signs on the click.
 */
export function AdminDocumentsRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useStaffList({
    sorts: DOCUMENT_SORTS,
    defaultSort: '-createdAt',
    useItems: useDocuments,
    useRemove: useDeleteDocument,
  });

  const columns: Column<DocumentStaff>[] = [
    {
      key: 'position',
      label: t('learningAdmin.documents.position'),
      sortField: 'position',
      className: 'learning-nowrap',
      render: (d) => d.position,
    },
    {
      key: 'name',
      label: t('learningAdmin.documents.name'),
      sortField: 'name',
      className: 'learning-title-cell',
      render: (d) => (
        <>
          <span data-testid="document-name-value">{d.name}</span>
          {d.detail && <span className="table__sub">{d.detail}</span>}
        </>
      ),
    },
    {
      key: 'type',
      label: t('learningAdmin.documents.type'),
      render: (d) => (d.type ? <span className="badge">{d.type}</span> : '–'),
    },
    {
      key: 'file',
      label: t('learningAdmin.documents.file'),
      className: 'learning-url-cell',
      render: (d) =>
        d.file ? (
          <>
            <span data-testid="document-file-name">{d.file.originalName ?? d.file.filename}</span>
            <span className="table__sub">{formatBytes(d.file.bytes)}</span>
          </>
        ) : (
          <span className="table__sub">{t('learningAdmin.documents.fileWaiting')}</span>
        ),
    },
    {
      key: 'createdAt',
      label: t('learningAdmin.createdAt'),
      sortField: 'createdAt',
      className: 'learning-nowrap',
      render: (d) => formatDateTime(d.createdAt, language),
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="documents"
      title={t('learningAdmin.documents.title')}
      newLabel={t('learningAdmin.documents.new')}
      searchLabel={t('learningAdmin.search')}
      searchHint={t('learningAdmin.documents.searchHint')}
      emptyText={t('learningAdmin.documents.empty')}
      columns={columns}
      rowActions={{
        label: t('learningAdmin.actions'),
        edit: {
          label: t('learningAdmin.edit'),
          testId: 'document-edit',
          ariaLabel: (d) => t('learningAdmin.editOf', { name: d.name }),
        },
        extra: (d) => d.file && <OpenDocument documentId={d.id} name={d.name} />,
        remove: {
          label: t('learningAdmin.delete'),
          testId: 'document-delete',
          ariaLabel: (d) => t('learningAdmin.deleteOf', { name: d.name }),
        },
      }}
      dialog={(doc, close) => <DocumentDialog document={doc} onClose={close} />}
      confirmDelete={{
        title: t('learningAdmin.documents.deleteTitle'),
        description: (d) => t('learningAdmin.documents.deleteText', { name: d.name }),
        confirmLabel: t('learningAdmin.delete'),
      }}
    />
  );
}
