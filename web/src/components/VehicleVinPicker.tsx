import { useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import { useQueryClient } from '@tanstack/react-query';
import { vehicle } from '@wdiov/contracts/entities/base/vehicle';
import type { HttpClient } from '../api/http';
import { createCrudApi, type Row } from '../crud/crud-api';

interface VehicleOption {
  vin: string;
  label: string;
}

interface VehicleVinPickerProps {
  http: HttpClient;
  inputId?: string;
  /** The VIN chosen (or typed). */
  vin: string;
  onChange(vin: string): void;
}

/** Plates and VINs are searched alike (`_like`, answers merged), up to this many each. */
const SEARCHED = ['plateNumber', 'vin'] as const;

const optionOf = (r: Row): VehicleOption => {
  const vin = String(r.vin ?? '');
  return { vin, label: r.plateNumber ? `${String(r.plateNumber)} · ${vin}` : vin };
};

/**
 * A vehicle picked by plate or VIN, for screens that ask for a VIN (track playback): users know
 * a vehicle by its plate, the calls by its VIN. Suggestions show the plate first; a VIN typed
 * whole is taken as it is.
 */
export function VehicleVinPicker({ http, inputId, vin, onChange }: VehicleVinPickerProps) {
  const queries = useQueryClient();
  const [text, setText] = useState<string | VehicleOption>(vin);
  const [suggestions, setSuggestions] = useState<VehicleOption[]>([]);
  const api = createCrudApi(http, vehicle);
  const complete = async (query: string) => {
    const q = query.trim();
    const answers = await Promise.all(SEARCHED.map((field) => queries.fetchQuery({
      queryKey: ['vehicle', 'options', { [`${field}_like`]: q }],
      queryFn: () => api.options(q ? { [`${field}_like`]: q } : {}),
      staleTime: 10_000,
    })));
    const byId = new Map(answers.flat().map((r) => [String(r.id), r]));
    setSuggestions([...byId.values()].map(optionOf));
  };
  return (
    <AutoComplete
      inputId={inputId}
      value={text}
      field="label"
      suggestions={suggestions}
      completeMethod={(e) => void complete(e.query).catch(() => setSuggestions([]))}
      onChange={(e) => {
        const value = e.value as string | VehicleOption;
        setText(value);
        onChange(typeof value === 'string' ? value.trim() : value.vin);
      }}
    />
  );
}
