import { useEffect, useRef } from "react";

/**
 * With JavaScript, rows are added without a page load: focus moves to the new row's first input,
 * as it does (through autoFocus) when the server renders the form after an add without JavaScript.
 */
export function useFocusNewRow(rowCount: number, lastRowInputId: string | undefined) {
  const previous = useRef(rowCount);
  useEffect(() => {
    if (rowCount > previous.current && lastRowInputId) {
      document.getElementById(lastRowInputId)?.focus();
    }
    previous.current = rowCount;
  }, [rowCount, lastRowInputId]);
}
