import { InfoArticle } from '../components/info-article';

export function InspireRoute() {
  return <InfoArticle page="inspire" />;
}
