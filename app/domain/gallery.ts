/** Pure gallery rules, shared by the component and its tests. */
export const SWIPE_THRESHOLD_PX = 50;

export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** -1 (previous), 1 (next) or 0: a swipe counts once the finger moved at least 50 px sideways. */
export function swipeStep(deltaX: number, deltaY = 0, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(deltaX) < threshold || Math.abs(deltaX) < Math.abs(deltaY)) return 0;
  return deltaX < 0 ? 1 : -1;
}
