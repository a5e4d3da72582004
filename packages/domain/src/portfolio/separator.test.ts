import { describe, expect, it } from 'vitest';
import { foreignLineSeparator, foreignSeparator, foreignSeparatorMessage } from './separator';

const COLUMNS = new Set(['cpf_cnpj', 'nome', 'loja_cnpj', 'valor', 'saldo']);

describe('foreignSeparator', () => {
  it.each([
    // The header's cells as the ';' reader gives them → the separator the file seems to use.
    ['a comma header', ['cpf_cnpj,nome,loja_cnpj,valor,saldo'], ','],
    ['a tab header', ['cpf_cnpj\tnome\tloja_cnpj\tvalor\tsaldo'], '\t'],
    ['quoted names, spaces and any case', ['"CPF_CNPJ", "Nome" ,"valor"'], ','],
    ['a comma header with a trailing ";"', ['cpf_cnpj,nome,valor', ''], ','],
    ['unknown columns beside the known ones', ['cpf_cnpj,nome,juros,multa'], ','],
    ['the most names win: tabs with commas inside a name', ['cpf_cnpj\tnome\tvalor, em R$\tsaldo'], '\t'],
    ['a ";" header', ['cpf_cnpj', 'nome', 'valor'], null],
    ['a ";" header whose one known column is there', ['cpf_cnpj', 'juros,multa'], null],
    ['a ";" header with a misspelt column', ['cpf_cnpj', 'nomee'], null],
    ['one known name only: a misspelt header, not another separator', ['cpf_cnpj,juros'], null],
    ['a data line where the header should be', ['529.982.247-25', 'Maria', '1.234,56'], null],
    ['an empty header', [''], null],
  ] as const)('%s', (_name, cells, separator) => {
    expect(foreignSeparator(cells, COLUMNS)).toBe(separator);
  });
});

describe('foreignLineSeparator', () => {
  it.each([
    // A line's cells as the ';' reader gives them, under a header of 5 columns → the separator it seems to use.
    ['a comma line', ['529.982.247-25,Maria,11222333000181,10,8'], ','],
    [
      'money with decimal commas cuts into more',
      ['529.982.247-25,Maria,11222333000181,"1.234,50","1.000,00"'],
      ',',
    ],
    [
      'a tab line with decimal commas: tabs cut fewer',
      ['529.982.247-25\tMaria\t11222333000181\t1.234,50\t8,00'],
      '\t',
    ],
    ['a comma line with a trailing ";"', ['529.982.247-25,Maria,11222333000181,10,8', ''], ','],
    ['too few pieces either way', ['529.982.247-25,Maria,10'], null],
    [
      'a ";" line short of a column, one cell holding commas',
      ['529.982.247-25', 'Rua A, 1, casa, fundos, 2'],
      null,
    ],
    ['a ";" line with every column', ['529.982.247-25', 'Maria', '11222333000181', '10', '8'], null],
    ['an empty line', [''], null],
  ] as const)('%s', (_name, cells, separator) => {
    expect(foreignLineSeparator(cells, 5)).toBe(separator);
  });
});

describe('foreignSeparatorMessage', () => {
  it.each([
    [',', 'vírgula (,)'],
    ['\t', 'tabulação'],
  ] as const)('names %j and the ";" the portal reads', (separator, name) => {
    expect(foreignSeparatorMessage(separator)).toBe(
      `o arquivo parece separado por ${name}, mas o portal lê as colunas separadas por ponto e vírgula (;): salve a planilha como CSV separado por ";" e envie de novo`,
    );
  });
});
