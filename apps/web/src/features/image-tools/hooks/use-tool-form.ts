import type { ImageTool } from '@lumi/contract';
import { useCallback, useEffect, useState } from 'react';
import { loadForm, saveForm, type ToolForm } from '../lib/form-state';

/** A tool page's form, read from and written to sessionStorage, so it survives leaving the page. */
export function useToolForm(tool: ImageTool) {
  const [form, setForm] = useState<ToolForm>(() => loadForm(tool));
  useEffect(() => saveForm(tool, form), [tool, form]);
  const update = useCallback(
    (patch: Partial<ToolForm> | ((form: ToolForm) => Partial<ToolForm>)) =>
      setForm((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) })),
    [],
  );
  return [form, update] as const;
}
