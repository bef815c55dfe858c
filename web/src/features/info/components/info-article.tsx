import { useEffect } from 'react';
import { Link } from 'react-router';
import { useLanguageStore } from '@/stores/language-store';
import th from '@/locales/th/pages.json';
import en from '@/locales/en/pages.json';
import '../info.css';

// Long texts with nested sections are read straight from the page's JSON (it ships with this chunk
// only); typing them through i18next's key types is too deep for the compiler.
const TEXTS = { th: th.pages, en: en.pages };

export type InfoPage = 'aboutus' | 'inspire' | 'condition' | 'privacy' | 'terms';

const PATHS: Record<InfoPage, string> = {
  aboutus: '/aboutus',
  inspire: '/inspire',
  condition: '/condition',
  privacy: '/privacy-policy',
  terms: '/terms-and-conditions',
};

/** An information page: title, lead, sections (paragraphs and bullet lists), then links to the others. */
export function InfoArticle({ page }: { page: InfoPage }) {
  const texts = TEXTS[useLanguageStore((s) => s.language)];
  const { title, eyebrow, lead, sections } = texts[page];

  useEffect(() => {
    document.title = `${title} · Rian เรียน`;
    return () => {
      document.title = 'Rian เรียน';
    };
  }, [title]);

  return (
    <main className="page info-page" id="main">
      <article className="info-article" data-testid={`info-${page}`}>
        <header className="info-article__head">
          <p className="info-article__eyebrow">{eyebrow}</p>
          <h1 className="info-article__title">{title}</h1>
          <p className="info-article__lead">{lead}</p>
          <p className="info-article__updated">{texts.updated}</p>
        </header>
        {sections.map((section, i) => (
          <section key={i} className="info-article__section" aria-labelledby={`${page}-s${i}`}>
            <h2 id={`${page}-s${i}`}>{section.heading}</h2>
            {section.paragraphs.map((text, j) => (
              <p key={j}>{text}</p>
            ))}
            {section.items.length > 0 && (
              <ul>
                {section.items.map((text, j) => (
                  <li key={j}>{text}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
      <nav className="info-related" aria-label={texts.relatedTitle}>
        <h2 className="info-related__title">{texts.relatedTitle}</h2>
        <ul>
          {(Object.keys(PATHS) as InfoPage[])
            .filter((other) => other !== page)
            .map((other) => (
              <li key={other}>
                <Link to={PATHS[other]}>{texts.links[other]}</Link>
              </li>
            ))}
        </ul>
      </nav>
    </main>
  );
}
