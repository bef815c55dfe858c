import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useInstructors } from '../api/get-instructors';
import { InstructorCard } from '../components/instructor-card';
import '../catalog.css';
import '../i18n';

/** /speakers: the instructors not hidden, in the order staff set (item, then name). */
export function SpeakersRoute() {
  const { t } = useTranslation();
  const instructors = useInstructors();
  let body;
  if (instructors.isPending) body = <Spinner label={t('shop.loading')} />;
  else if (instructors.isError) {
    body = (
      <div className="grid-status">
        <Alert>{t('shop.speakers.error')}</Alert>
        <Button variant="secondary" onClick={() => void instructors.refetch()}>
          {t('shop.retry')}
        </Button>
      </div>
    );
  } else if (instructors.data.items.length === 0) {
    body = <p className="grid-status">{t('shop.speakers.empty')}</p>;
  } else {
    body = (
      <ul className="speaker-grid">
        {instructors.data.items.map((instructor) => (
          <li key={instructor.id}>
            <InstructorCard instructor={instructor} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <main className="page" id="main">
      <header className="page-head">
        <h1 className="page-head__title">{t('shop.speakers.title')}</h1>
        <p className="page-head__lead">{t('shop.speakers.lead')}</p>
      </header>
      {body}
    </main>
  );
}
