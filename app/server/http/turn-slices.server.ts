/*
 * Cache hits first during a burst (decision 106). Node answers every request that
 * arrived in one event-loop turn before it looks at the sockets again: when 200 uncached requests
 * arrive at once, each walks the whole middleware stack (loggers, headers, static lookups, the
 * page cache) in that turn, and a cache hit that arrived with them waits for all of it. Past
 * `perTurn` requests in a turn, the slow path takes the rest a slice per turn (setImmediate), so
 * the turns in between read the sockets again and hits, answered in front (decision 095), go out.
 * No request is dropped or reordered among the slow ones; when the server is not busy, none waits.
 */
export function turnSlices(perTurn: number): (enter: () => void) => void {
  const waiting: (() => void)[] = [];
  let admitted = 0;
  let scheduled = false;
  const nextTurn = () => {
    scheduled = false;
    admitted = 0;
    while (waiting.length && admitted < perTurn) {
      admitted++;
      waiting.shift()!();
    }
    if (waiting.length || admitted) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(nextTurn);
  };
  return (enter) => {
    if (admitted < perTurn && waiting.length === 0) {
      admitted++;
      schedule();
      enter();
      return;
    }
    waiting.push(enter);
    schedule();
  };
}
