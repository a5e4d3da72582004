import { maskCardNumbers } from '@portal/domain';

// Every log line passes here before it is written (pino's streamWrite hook, set where app.ts builds the logger), so
// no card number reaches a log (GUIDE security principles) whatever carried it: a URL, a message, an error. Only the
// line's JSON strings are masked: its numbers (the time has 13 digits) keep theirs and the line stays JSON.

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

export function maskCardNumbersInLogLine(line: string): string {
  return line.replace(JSON_STRING, (literal) =>
    // The hex digits of a \u escape must not join a number: such a string is decoded, masked and encoded again.
    literal.includes('\\u') ? JSON.stringify(maskCardNumbers(JSON.parse(literal))) : maskCardNumbers(literal),
  );
}
