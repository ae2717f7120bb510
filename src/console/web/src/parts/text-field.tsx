/** A labelled text input holding one member of a page's form. */
export function TextField({ name, label, form, onChange, placeholder = '', type = 'text' }: { name: string; label: string; form: Record<string, string>; onChange: (form: Record<string, string>) => void; placeholder?: string; type?: 'text' | 'datetime-local' }) {
  const onInput = (event: Event) => onChange({ ...form, [name]: (event.target as HTMLInputElement).value });
  return (
    <label>
      {label}
      {type === 'text' ? <input name={name} value={form[name] ?? ''} placeholder={placeholder} autocomplete="off" onInput={onInput} /> : <input name={name} type="datetime-local" value={form[name] ?? ''} onInput={onInput} />}
    </label>
  );
}
