import { brasiliaDateTime, formatBrDate, formatMoney, maskCpfCnpj, maskPhone } from '@portal/domain';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../integrations/documents/pdf-output';
import type { PersonDataExport } from './export-person-data';

// The "meus dados" export as a readable PDF: the same document as the JSON download (exportPersonData), laid out in
// Portuguese with one numbered section per kind of record.

type Doc = InstanceType<typeof PDFDocument>;
type Value = string | number | boolean | null;

const MARGIN = 48;
const NONE = '—';

const dateTime = (timestamp: string | null): string => {
  if (!timestamp) return NONE;
  const { date, time } = brasiliaDateTime(new Date(timestamp));
  return `${formatBrDate(date)} ${time.slice(0, 5)}`;
};
const date = (iso: string | null): string => (iso ? formatBrDate(iso) : NONE);
const money = (cents: number | null): string => (cents === null ? NONE : formatMoney(cents));
const text = (value: Value): string =>
  value === null || value === ''
    ? NONE
    : typeof value === 'boolean'
      ? value
        ? 'sim'
        : 'não'
      : String(value);

function heading(doc: Doc, title: string): void {
  if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#1a1a1a').text(title, MARGIN);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.75)
    .stroke('#888888');
  doc.moveDown(0.5);
}

/** One record: an optional bold title, then "Label: value" lines. */
function fields(doc: Doc, rows: [string, Value][], title?: string): void {
  if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
  if (title) doc.font('Helvetica-Bold').fontSize(10).fillColor('#1a1a1a').text(title, MARGIN);
  for (const [label, value] of rows)
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#333333')
      .text(`${label}: `, MARGIN + 8, undefined, { continued: true })
      .font('Helvetica')
      .text(text(value));
  doc.moveDown(0.5);
}

/** A table with fixed column widths (fractions of the text width); starts a new page when a row would not fit. */
function table(doc: Doc, columns: [string, number][], rows: string[][]): void {
  const width = doc.page.width - MARGIN * 2 - 8;
  const x0 = MARGIN + 8;
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: width * columns[i]![1] - 6 }));
    const height = Math.max(...heights) + 4;
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    let x = x0;
    cells.forEach((cell, i) => {
      const cellWidth = width * columns[i]![1];
      doc.fillColor('#1a1a1a').text(cell, x + 3, y + 2, { width: cellWidth - 6 });
      x += cellWidth;
    });
    doc
      .moveTo(x0, y + height)
      .lineTo(x0 + width, y + height)
      .lineWidth(0.3)
      .stroke('#bbbbbb');
    doc.x = MARGIN;
    doc.y = y + height;
  };
  drawRow(
    columns.map(([label]) => label),
    true,
  );
  for (const row of rows) drawRow(row, false);
  doc.moveDown(0.6);
}

function empty(doc: Doc): void {
  doc
    .font('Helvetica-Oblique')
    .fontSize(9)
    .fillColor('#555555')
    .text('Nenhum registro.', MARGIN + 8);
}

/** Renders the export; resolves to the PDF bytes. */
export function renderPersonDataPdf(data: PersonDataExport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Meus dados - ${data.parceiro.nome}`, Author: data.parceiro.nome },
  });
  const done = pdfBytes(doc);

  const { titular: person } = data;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1a1a1a').text('Meus dados', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#333333')
    .text(`${data.parceiro.nome}. Gerado em ${dateTime(data.geradoEm)} (horário de Brasília).`)
    .moveDown(0.4)
    .text(
      'Este documento reúne tudo o que o portal guarda sobre você neste parceiro (Lei Geral de Proteção de Dados, ' +
        'art. 18). Valores em reais; datas e horários no horário de Brasília. O arquivo JSON baixado no mesmo ' +
        'lugar traz os mesmos dados em formato legível por máquina.',
    );

  heading(doc, '1. Identificação');
  const address = person.endereco;
  fields(doc, [
    ['Nome', person.nome],
    ['CPF/CNPJ', maskCpfCnpj(person.cpfCnpj)],
    ['Data de nascimento', date(person.dataNascimento)],
    ['Telefone', person.telefone ? maskPhone(person.telefone) : null],
    ['E-mail', person.email],
    ['Sexo', person.sexo],
    [
      'Endereço',
      [
        [address.logradouro, address.numero].filter(Boolean).join(', '),
        address.bairro,
        [address.cidade, address.estado].filter(Boolean).join('/'),
        address.cep,
      ]
        .filter(Boolean)
        .join(' - ') || null,
    ],
    ['Cadastro criado em', dateTime(person.cadastradoEm)],
    ['Cadastro atualizado em', dateTime(person.atualizadoEm)],
    ['Primeiro acesso por este portal', dateTime(person.primeiroAcessoNestePortal)],
  ]);

  heading(doc, '2. Contratos e parcelas');
  if (data.contratos.length === 0) empty(doc);
  for (const contract of data.contratos) {
    fields(
      doc,
      [
        ['Observação', contract.observacao],
        ['Origem', contract.origem],
        ['Referência', contract.referencia],
        ['Registrado em', dateTime(contract.registradoEm)],
      ],
      `${contract.loja} - contrato ${contract.contrato}`,
    );
    table(
      doc,
      [
        ['Parcela', 0.12],
        ['Vencimento', 0.2],
        ['Valor', 0.2],
        ['Saldo', 0.2],
        ['Situação', 0.28],
      ],
      contract.parcelas.map((p) => [
        String(p.parcela),
        date(p.vencimento),
        money(p.valorCentavos),
        money(p.saldoCentavos),
        p.pago ? 'paga' : p.lancamentoFuturo ? 'lançamento futuro' : 'em aberto',
      ]),
    );
  }

  heading(doc, '3. Simulações de pagamento');
  if (data.simulacoes.length === 0) empty(doc);
  for (const [i, s] of data.simulacoes.entries())
    fields(
      doc,
      [
        ['Forma de pagamento', `${s.formaPagamento}, ${s.modalidade}`],
        ['Parcelas', s.parcelas],
        ['Entrada', money(s.entradaCentavos)],
        ['Valor da parcela', money(s.valorParcelaCentavos)],
        ['Total', money(s.totalCentavos)],
        ['Primeiro vencimento', date(s.primeiroVencimento)],
        ['Calculada em', dateTime(s.criadaEm)],
        ['Aceita em', dateTime(s.usadaEm)],
      ],
      `Simulação ${i + 1} - ${s.loja}`,
    );

  heading(doc, '4. Acordos');
  if (data.acordos.length === 0) empty(doc);
  for (const a of data.acordos)
    fields(
      doc,
      [
        ['Situação', a.situacao],
        ['Forma de pagamento', a.formaPagamento],
        ['Parcelas', a.parcelas],
        ['Entrada', money(a.entradaCentavos)],
        ['Valor da parcela', money(a.valorParcelaCentavos)],
        ['Total negociado', money(a.totalCentavos)],
        ['Primeiro vencimento', date(a.primeiroVencimento)],
        ['Telefone informado', a.telefone ? maskPhone(a.telefone) : null],
        ['E-mail informado', a.email],
        ['Feito em', dateTime(a.criadoEm)],
      ],
      `Acordo ${a.codigo} - ${a.loja}`,
    );

  heading(doc, '5. Pedidos sobre dívidas');
  if (data.solicitacoes.length === 0) empty(doc);
  for (const r of data.solicitacoes)
    fields(
      doc,
      [
        ['Motivo', r.motivo],
        ['Entrada proposta', money(r.entradaCentavos)],
        ['Parcelas propostas', r.parcelas],
        ['Valor da parcela proposto', money(r.valorParcelaCentavos)],
        ['Telefone para contato', r.telefone],
        [
          'Contraproposta do credor',
          r.contraproposta &&
            `entrada de ${money(r.contraproposta.entradaCentavos)} e ${r.contraproposta.parcelas} parcela(s) de ${money(r.contraproposta.valorParcelaCentavos)}`,
        ],
        ['Situação', r.situacao],
        ['Enviado em', dateTime(r.criadaEm)],
        ['Resposta do credor', r.resposta],
        ['Respondido em', dateTime(r.respondidaEm)],
      ],
      `${r.tipo} - ${r.loja}`,
    );

  heading(doc, '6. Segundas vias de boleto emitidas');
  if (data.segundasVias.length === 0) empty(doc);
  else
    table(
      doc,
      [
        ['Loja / contrato / parcela', 0.3],
        ['Vencimento', 0.15],
        ['Valor', 0.15],
        ['Linha digitável', 0.28],
        ['Pago', 0.12],
      ],
      data.segundasVias.map((c) => [
        `${c.loja} / ${c.contrato} / ${c.parcela}`,
        date(c.vencimento),
        money(c.valorCentavos),
        c.linhaDigitavel,
        c.pagamentos.length === 0 ? '—' : money(c.pagamentos.reduce((sum, p) => sum + p.valorCentavos, 0)),
      ]),
    );

  heading(doc, '7. Mensagens enviadas a você');
  if (data.mensagens.length === 0) empty(doc);
  else
    table(
      doc,
      [
        ['Data', 0.2],
        ['Canal', 0.1],
        ['Assunto (modelo)', 0.25],
        ['Destinatário', 0.3],
        ['Situação', 0.15],
      ],
      data.mensagens.map((m) => [dateTime(m.criadaEm), m.canal, m.modelo, m.destinatario, m.situacao]),
    );

  heading(doc, '8. Solicitações de privacidade');
  if (data.solicitacoesDePrivacidade.length === 0) empty(doc);
  for (const p of data.solicitacoesDePrivacidade)
    fields(
      doc,
      [
        ['Tipo', p.tipo],
        ['Solicitação', p.solicitacao],
        ['Situação', p.situacao],
        ['Prazo de resposta', date(p.prazo)],
        ['Recebida em', dateTime(p.criadaEm)],
        ['Resposta', p.resposta],
        ['Respondida em', dateTime(p.respondidaEm)],
      ],
      `Protocolo ${p.protocolo}`,
    );

  heading(doc, '9. Mensagens pelo formulário de contato');
  if (data.mensagensDeContato.length === 0) empty(doc);
  for (const c of data.mensagensDeContato)
    fields(
      doc,
      [
        ['Nome', c.nome],
        ['E-mail', c.email],
        ['Mensagem', c.texto],
        ['Resposta', c.resposta],
        ['Respondida em', dateTime(c.respondidaEm)],
      ],
      `Enviada em ${dateTime(c.enviadaEm)}`,
    );

  heading(doc, '10. Propostas pelo formulário de proposta');
  if (data.propostasPeloFormulario.length === 0) empty(doc);
  for (const p of data.propostasPeloFormulario)
    fields(
      doc,
      [
        ['Nome', p.nome],
        ['E-mail', p.email],
        ['Celular', maskPhone(p.celular)],
        ['Telefone', p.telefone ? maskPhone(p.telefone) : null],
        ['Cidade', p.cidade],
        ['Valor da dívida', money(p.valorCentavos)],
        ['Valor que pode pagar', money(p.valorPodePagarCentavos)],
        ['Forma de pagamento', p.formaPagamento],
        ['Observação', p.observacao],
      ],
      `${p.loja} - enviada em ${dateTime(p.enviadaEm)}`,
    );

  heading(doc, '11. Acessos ao portal');
  if (data.sessoes.length === 0) empty(doc);
  else
    table(
      doc,
      [
        ['Início', 0.22],
        ['Último uso', 0.22],
        ['Encerrado em', 0.22],
        ['Situação', 0.34],
      ],
      data.sessoes.map((s) => [
        dateTime(s.inicio),
        dateTime(s.ultimoUso),
        dateTime(s.encerradaEm),
        s.situacao,
      ]),
    );

  heading(doc, '12. Registros de navegação');
  if (data.registrosDeNavegacao.length === 0) empty(doc);
  else
    table(
      doc,
      [
        ['Data', 0.4],
        ['Etapa', 0.3],
        ['Com erro', 0.3],
      ],
      data.registrosDeNavegacao.map((s) => [dateTime(s.data), String(s.etapa), text(s.erro)]),
    );

  doc.end();
  return done;
}
