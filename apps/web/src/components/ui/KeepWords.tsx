// A line may break after a hyphen, and 'e-mail' is a word with one: on a narrow phone 'e-' ends a line and 'mail'
// starts the next, which older readers take for two words. CSS has no rule against that break but 'white-space:
// nowrap' over the word; a no-break hyphen (U+2011) in the texts instead would be a different character to the
// browser's find-in-page and to screen readers.
const JOINED_WORD = /(\be-mails?\b)/i;

/** The text with each 'e-mail' (any case, plural too) on one line; the text itself is unchanged. */
export function KeepWords({ children }: { children: string }) {
  return children.split(JOINED_WORD).map((part, index) =>
    // split() puts each captured word at an odd index, between the texts around it.
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <span key={index} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
