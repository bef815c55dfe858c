/**
 * Line breaking for the documents' Thai (and English) text. Thai writes no spaces between words,
 * and pdfkit's own wrapper breaks it wherever the width runs out — inside a word ("…ภาษาไท|ย").
 * Here a line may end only where `Intl.Segmenter('th', { granularity: 'word' })` puts a word
 * boundary (Node ships full ICU with its Thai dictionary); blanks at a break are dropped. Only a
 * single word wider than the whole line is cut, and then between grapheme clusters (a consonant
 * keeps its vowels and tone marks). Pure: `measure` gives a text's width in the font and size used.
 */
const WORDS = new Intl.Segmenter('th', { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter('th', { granularity: 'grapheme' });

export type Measure = (text: string) => number;

/** The lines `text` takes within `width`; its own line breaks are kept. */
export function wrapText(text: string, width: number, measure: Measure): string[] {
  return text.split(/\r?\n/).flatMap((paragraph) => wrapParagraph(paragraph, width, measure));
}

function wrapParagraph(paragraph: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = '';
  const push = () => {
    lines.push(line.trimEnd());
    line = '';
  };
  for (const { segment } of WORDS.segment(paragraph)) {
    if (measure(line + segment) <= width || (line === '' && /^\s+$/.test(segment))) {
      line += segment;
      continue;
    }
    if (/^\s+$/.test(segment)) {
      // a blank where the line is full: the break goes here, the blank goes
      push();
      continue;
    }
    if (line.trim() !== '') push();
    else line = '';
    if (measure(segment) <= width) {
      line = segment;
      continue;
    }
    // one word wider than a line: cut between grapheme clusters
    for (const { segment: g } of GRAPHEMES.segment(segment)) {
      if (line !== '' && measure(line + g) > width) push();
      line += g;
    }
  }
  if (line !== '' || lines.length === 0) push();
  return lines;
}
