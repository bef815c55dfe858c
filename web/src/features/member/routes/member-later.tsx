import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../i18n';

/**
 * /member/livestreaming/:id?, /member/livetrade/:id?, /member/livetrader/:id? (spec 01 §2): the
 * live pages come with a later issue; until then the menu links here while a live session is on.
 */
export function MemberLaterRoute() {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="member-later">
      <h1 className="card__title">{t('member.later.title')}</h1>
      <p className="card__text">{t('member.later.text')}</p>
      <Link to="/member">{t('member.later.back')}</Link>
    </section>
  );
}
