import { simulatorTexts } from '#domain/texts/simulator.ts';
import { Combobox } from '#client/ui/combobox.tsx';
import { useAddressSuggestions } from '../api/use-address-suggestions.ts';

type AddressFieldProps = { label: string; name: string; value: string; onChange: (value: string) => void };

export function AddressField({ label, name, value, onChange }: AddressFieldProps) {
  const suggestions = useAddressSuggestions(value);
  const options = (value.trim().length >= 2 ? (suggestions.data ?? []) : []).map((suggestion) => ({
    id: `${suggestion.postcode}-${suggestion.label}`,
    label: suggestion.label,
  }));
  return (
    <Combobox
      label={label}
      name={name}
      value={value}
      onChange={onChange}
      options={options}
      isLoading={suggestions.isFetching}
      placeholder={simulatorTexts.addressPlaceholder}
      autoComplete="street-address"
    />
  );
}
