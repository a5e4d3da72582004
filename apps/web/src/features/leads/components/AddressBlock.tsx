import { CEP_MESSAGES, type CepAddress, EMPTY_CEP_ADDRESS, maskCep } from '@portal/domain';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput } from '../../../components/form/fields';
import { useCepLookup } from '../api/leads';

/** The address fields of the enclosing form; `cidade` is the city (localidade) the lead's city is made of. */
interface AddressValues {
  cep: string;
  logradouro: string;
  bairro: string;
  cidade: string;
  uf: string;
}

/** A masked CEP is complete at 9 characters (#####-###, spec 002 §5). */
const CEP_LENGTH = 9;

/** What the status line says of the lookup. */
function statusOf(lookup: ReturnType<typeof useCepLookup>, complete: boolean) {
  if (!complete) return { text: '', failed: false };
  if (lookup.isError) return { text: CEP_MESSAGES.unavailable, failed: true };
  if (!lookup.isSuccess) return { text: 'Buscando o endereço…', failed: false };
  const answer = lookup.data;
  if (!answer.retorno) return { text: answer.mensagem || CEP_MESSAGES.notFound, failed: true };
  const { logradouro, bairro, localidade, uf } = answer.dados;
  return { text: `Endereço encontrado: ${logradouro}, ${bairro}, ${localidade}/${uf}.`, failed: false };
}

/**
 * The address with CEP (spec 002 §5 "Address form"), inside a form with the AddressValues fields: a complete CEP is
 * looked up (consultarCEP) and fills street, district, city and state, or clears them with the server's message.
 * The result is announced (aria-live).
 */
export function AddressBlock() {
  const { control, setValue, getFieldState } = useFormContext<AddressValues>();
  const cep = useWatch({ control, name: 'cep' });
  const complete = cep.length === CEP_LENGTH;
  const lookup = useCepLookup(complete ? cep : null);
  const status = statusOf(lookup, complete);

  // Each answer (or a cached one, for a CEP typed again) fills the fields once; what is typed after it stays.
  useEffect(() => {
    if (!complete || lookup.isPending) return;
    const found: Omit<CepAddress, 'cep'> =
      lookup.isSuccess && lookup.data.retorno ? lookup.data.dados : EMPTY_CEP_ADDRESS;
    // A shown message is checked again (it goes once the city is filled); none appears before blur or send.
    const fill = (field: keyof Omit<AddressValues, 'cep'>, value: string) =>
      setValue(field, value, { shouldValidate: getFieldState(field).invalid });
    fill('logradouro', found.logradouro);
    fill('bairro', found.bairro);
    fill('cidade', found.localidade);
    fill('uf', found.uf);
  }, [complete, lookup.isPending, lookup.isSuccess, lookup.data, setValue, getFieldState]);

  return (
    <fieldset className="leads__fieldset">
      <legend className="leads__legend">Endereço</legend>
      <TextInput
        label="CEP"
        name="cep"
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="00000-000"
        mask={maskCep}
      />
      <p
        className={`leads__cep-status${status.failed ? ' leads__cep-status--failed' : ''}`}
        role="status"
        aria-live="polite"
        data-testid="cep-status"
      >
        {status.text}
      </p>
      <TextInput label="Rua" name="logradouro" autoComplete="address-line1" />
      <TextInput label="Bairro" name="bairro" autoComplete="address-level3" />
      <div className="leads__row">
        <TextInput label="Cidade *" name="cidade" autoComplete="address-level2" required />
        <TextInput label="UF" name="uf" autoComplete="address-level1" maxLength={2} />
      </div>
    </fieldset>
  );
}
