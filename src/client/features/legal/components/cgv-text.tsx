import styles from './legal.module.css';

type Block = { kind: 'h2' | 'h3' | 'p'; text: string };

/** Markdown lines to blocks: a `#`/`##`/`###` line is a heading on its own, other lines run into paragraphs up to a blank line or a heading. */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'p', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading || !line) flush();
    // The page's own title is the h1; the text's title is not repeated.
    if (heading && heading[1] !== '#') blocks.push({ kind: heading[1] === '##' ? 'h2' : 'h3', text: heading[2]! });
    else if (!heading && line) paragraph.push(line);
  }
  flush();
  return blocks;
}

/**
 * The CGV's Markdown as headings and paragraphs: only `#`/`##`/`###` lines are read as
 * headings (shifted one level down under the page's title), everything else is plain text,
 * never HTML.
 */
export function CgvText({ markdown }: { markdown: string }) {
  return (
    <div className={styles.cgv}>
      {blocksOf(markdown).map(({ kind: Tag, text }, index) => (
        <Tag key={index}>{text}</Tag>
      ))}
    </div>
  );
}
