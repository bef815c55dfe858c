import { InfoArticle } from '../components/info-article';

export function ConditionRoute() {
  return <InfoArticle page="condition" />;
}
