import styles from './legal.module.css';

/**
 * The CGV's Markdown as headings and paragraphs: only `#`/`##`/`###` lines are read as
 * headings (shifted one level down under the page's title), everything else is plain text,
 * never HTML.
 */
export function CgvText({ markdown }: { markdown: string }) {
  const blocks = markdown
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <div className={styles.cgv}>
      {blocks.map((block, index) => {
        const heading = /^(#{1,3})\s+(.*)$/.exec(block);
        if (!heading) return <p key={index}>{block}</p>;
        // The page's own title is the h1; the text's title is not repeated.
        if (heading[1] === '#') return null;
        return heading[1] === '##' ? <h2 key={index}>{heading[2]}</h2> : <h3 key={index}>{heading[2]}</h3>;
      })}
    </div>
  );
}
