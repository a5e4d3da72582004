// Element Timing (WICG): Chrome reports when an element carrying this attribute is painted. The boot script starts
// the app's entry once the header image has been painted (boot.js, Hero.tsx).
import 'react';

declare module 'react' {
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}
