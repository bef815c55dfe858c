import { InfoArticle } from '../components/info-article';

export function PrivacyPolicyRoute() {
  return <InfoArticle page="privacy" />;
}
