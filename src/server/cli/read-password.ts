import { createInterface } from 'node:readline';

export class PromptCancelled extends Error {}

/** The first line of a piped input, without its line ending; undefined when the input is empty. */
export async function readFirstLine(input: NodeJS.ReadableStream): Promise<string | undefined> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  // Leaving the loop closes the interface and pauses the input: the rest is never read.
  for await (const line of lines) return line;
  return undefined;
}

/**
 * Asks on a terminal without echoing what is typed: raw mode, so the terminal shows
 * nothing and the characters come here one by one. Enter ends the input, Backspace erases,
 * Ctrl-C rejects with PromptCancelled.
 */
export function promptHidden(
  prompt: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed.join(''));
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new PromptCancelled());
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed.push(char);
      }
    };
    // Raw before the prompt shows: an answer typed at once is not echoed either.
    input.setRawMode(true);
    input.setEncoding('utf8');
    output.write(prompt);
    input.on('data', onData);
    input.resume();
  });
}
