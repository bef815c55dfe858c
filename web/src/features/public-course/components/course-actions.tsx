import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button';

/** A product page that grants a course (only products the shop lists). */
export type BuyLink = { productId: string; title: string; to: string };

/** What the app gives the public course pages: the shop's product pages and the sign-in dialog. */
export type CourseCalls = {
  /** the product pages (of products the shop lists) that grant a course, from its product ids */
  buyLinks: (productIds: readonly string[]) => BuyLink[];
  onSignIn: () => void;
  /** a signed-in account: no sign-in call */
  signedIn: boolean;
  /** a Premium member: the classroom (/member) instead */
  premium: boolean;
};

/**
 * "Buy" and "sign in" for one course: a link to each product page that grants it (the shop's
 * list when none is known), then sign-in for a visitor or the classroom for a Premium member.
 */
export function CourseActions({
  title,
  productIds,
  calls,
}: {
  title: string;
  productIds: readonly string[];
  calls: CourseCalls;
}) {
  const { t } = useTranslation();
  const links = calls.buyLinks(productIds);
  return (
    <div className="public-course__actions" role="group" aria-label={t('publicCourse.actions', { title })}>
      {links.length === 1 ? (
        <Link className={buttonClass('accent', 'md')} to={links[0]!.to} data-testid="course-buy">
          {t('publicCourse.buy')}
        </Link>
      ) : links.length > 1 ? (
        links.map((l) => (
          <Link key={l.productId} className={buttonClass('accent', 'md')} to={l.to} data-testid="course-buy">
            {t('publicCourse.buyProduct', { title: l.title })}
          </Link>
        ))
      ) : (
        <Link className={buttonClass('secondary', 'md')} to="/productAll" data-testid="course-all-products">
          {t('publicCourse.allProducts')}
        </Link>
      )}
      {calls.premium ? (
        <Link className={buttonClass('ghost', 'md')} to="/member" data-testid="course-classroom">
          {t('publicCourse.classroom')}
        </Link>
      ) : (
        !calls.signedIn && (
          <Button variant="ghost" onClick={calls.onSignIn} data-testid="course-sign-in">
            {t('publicCourse.signIn')}
          </Button>
        )
      )}
    </div>
  );
}
