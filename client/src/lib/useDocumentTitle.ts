import { useEffect } from 'react';

// Page titles carry the brand as a suffix: "Squad'a geri dön | Squad".
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Squad` : 'Squad';
  }, [title]);
}
