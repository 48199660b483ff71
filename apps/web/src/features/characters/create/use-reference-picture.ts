import { useEffect, useRef, useState } from 'react';
import { checkAvatarFile, type FieldError } from './form-model';

/**
 * The look's reference picture in the form (issue 22): the one stored (an edit, a clone), a new
 * one picked (held to the avatar's rules), or the stored one removed.
 */
export function useReferencePicture(stored: string | null) {
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [removed, setRemoved] = useState(false);
  const [problem, setProblem] = useState<FieldError | null>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    shown.current = picked?.url ?? null;
  }, [picked]);
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );

  const pick = (file: File | undefined) => {
    if (!file) return;
    const bad = checkAvatarFile(file);
    setProblem(bad ?? null);
    if (bad) return;
    if (picked) URL.revokeObjectURL(picked.url);
    setPicked({ file, url: URL.createObjectURL(file) });
    setRemoved(false);
  };
  const remove = () => {
    if (picked) URL.revokeObjectURL(picked.url);
    setPicked(null);
    setRemoved(true);
    setProblem(null);
  };
  return {
    url: picked?.url ?? (removed ? null : stored),
    file: picked?.file ?? null,
    /** The stored one goes when the form is saved. */
    removed: removed && stored !== null,
    problem,
    pick,
    remove,
  };
}

export type ReferencePicture = ReturnType<typeof useReferencePicture>;
