// Demo FAQ entries (spec 001 §2 "FAQ: accordion, from the server"; spec 002 §2 ListQuestions), seeded with the
// demo partners outside production. Fictitious, generic answers a collection portal would give.
export const DEMO_FAQ: { title: string; description: string }[] = [
  {
    title: 'O que é o portal de negociação?',
    description:
      'É um canal on-line e seguro para consultar suas dívidas, ver os descontos disponíveis e fazer um acordo sem sair de casa.',
  },
  {
    title: 'Como faço para negociar minha dívida?',
    description:
      'Informe seu CPF ou CNPJ na página inicial, confirme seus dados e escolha a opção de pagamento que cabe no seu bolso: à vista ou parcelado.',
  },
  {
    title: 'Quando meu nome sai dos órgãos de proteção ao crédito?',
    description:
      'Depois da confirmação do pagamento à vista ou da primeira parcela do acordo, o credor pede a retirada do seu nome em até 5 dias úteis.',
  },
  {
    title: 'Perdi o boleto. Como emito a segunda via?',
    description:
      'Entre no portal com seu CPF ou CNPJ, abra Meus Acordos e use a opção de segunda via. Você também pode pagar com PIX.',
  },
];
