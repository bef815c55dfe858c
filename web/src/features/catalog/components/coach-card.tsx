import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Coach } from '@/types/api';
import { mediaUrl } from '../lib/media';
import { initialOf } from '../lib/initial';
import '../catalog.css';
import '../i18n';

/** A coach: photo, name, position; links to the coach's courses (/productAll/{coach}). */
export function CoachCard({ coach, showDetail = false }: { coach: Coach; showDetail?: boolean }) {
  const { t } = useTranslation();
  const src = mediaUrl('coach', coach.img);
  return (
    <article className="coach-card" data-testid="coach-card">
      <div className="coach-card__photo">
        {src ? (
          <img src={src} alt="" loading="lazy" decoding="async" />
        ) : (
          <span aria-hidden="true">{initialOf(coach.name)}</span>
        )}
      </div>
      <div className="coach-card__body">
        <h3 className="coach-card__name">
          {coach.name}
          {coach.nickname && <span className="coach-card__nickname"> ({coach.nickname})</span>}
        </h3>
        {coach.position && <p className="coach-card__position">{coach.position}</p>}
        {showDetail && coach.detail && <p className="coach-card__detail">{coach.detail}</p>}
        <Link className="coach-card__link" to={`/productAll/${encodeURIComponent(coach.id)}`}>
          {t('shop.coaches.courses', { name: coach.nickname ?? coach.name })}
        </Link>
      </div>
    </article>
  );
}
