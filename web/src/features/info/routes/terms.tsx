import { InfoArticle } from '../components/info-article';

export function TermsRoute() {
  return <InfoArticle page="terms" />;
}
