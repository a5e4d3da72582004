import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// The independent CNAB 240 reader and writer of the tests (issue 17 item 2, domain and server tests):
// @banco-br/nodejs-cnab with its own layouts (@banco-br/cnab_yaml). Its `parseRemessaCnab` looks for
// every layout under cnab240/<bank>/retorno/, which Banco do Brasil's 240 set does not have (it only overrides
// the BB-specific fields of the remessa), so the check uses the library's record reader and writer (`makeLine`,
// `readLine`) on its generic FEBRABAN 240 layouts, with Banco do Brasil's overrides laid over them.
export type Layout = Record<
  string,
  { pos: [number, number]; picture: string; default?: string; date_format?: string }
>;
export const cnabLib = createRequire(import.meta.url)('@banco-br/nodejs-cnab/dist/lib/utils.js') as {
  makeLine(layout: Layout, line: string): Record<string, string>;
  readLine(layout: Layout, data: Record<string, string | number>): { line: string };
  readYaml(file: string): Layout;
};
const yamlDir = dirname(createRequire(import.meta.url).resolve('@banco-br/cnab_yaml/package.json'));
export const layout = (...paths: string[]): Layout =>
  Object.assign({}, ...paths.map((p) => cnabLib.readYaml(`${yamlDir}/cnab240/${p}.yml`)));

/** One record read by the library with these layouts laid over each other (later ones override). */
export const readRecord = (paths: string[], line: string | undefined) =>
  cnabLib.makeLine(layout(...paths), line!);
