import { InfoArticle } from '../components/info-article';

export function AboutUsRoute() {
  return <InfoArticle page="aboutus" />;
}
