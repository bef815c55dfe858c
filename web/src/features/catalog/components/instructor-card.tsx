import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import type { Instructor } from '@/types/api';
import { mediaUrl } from '../lib/media';
import { initialOf } from '../lib/initial';
import '../i18n';

const SOCIALS = ['facebook', 'youtube', 'twitter', 'linkedin', 'pinterest'] as const;
const SOCIAL_NAMES = {
  facebook: 'Facebook',
  youtube: 'YouTube',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
} as const;

/** A speaker: photo, name, position, short detail, social links; the full profile in a dialog. */
export function InstructorCard({ instructor: s }: { instructor: Instructor }) {
  const { t } = useTranslation();
  // speakers' photos are uploaded with the coaches' kind (the media service has no speaker kind)
  const src = mediaUrl('coach', s.img);
  const links = SOCIALS.flatMap((key) => {
    const href = s[key];
    return href ? [{ key, href }] : [];
  });
  return (
    <article className="speaker-card" data-testid="speaker-card">
      <div className="speaker-card__photo">
        {src ? (
          <img src={src} alt="" loading="lazy" decoding="async" />
        ) : (
          <span aria-hidden="true">{initialOf(s.name)}</span>
        )}
      </div>
      <div className="speaker-card__body">
        <h2 className="speaker-card__name">{s.name}</h2>
        {s.position && <p className="speaker-card__position">{s.position}</p>}
        {s.detail && <p className="speaker-card__detail">{s.detail}</p>}
        {links.length > 0 && (
          <ul className="speaker-card__socials">
            {links.map(({ key, href }) => (
              <li key={key}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {SOCIAL_NAMES[key]}
                  <span className="sr-only"> {t('shop.speakers.of', { name: s.name })}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {s.content && (
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="ghost" size="sm">
                {t('shop.speakers.readMore')}
              </Button>
            </DialogTrigger>
            <DialogContent
              className="dialog--wide"
              title={s.name}
              description={s.position ?? t('shop.speakers.profile')}
              closeLabel={t('form.close')}
            >
              <p className="speaker-card__content">{s.content}</p>
            </DialogContent>
          </Dialog>
        )}
      </div>
    </article>
  );
}
