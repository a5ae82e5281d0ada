/**
 * Embla's `duration` is not milliseconds: each 1/60 s step adds displacement/duration to the
 * velocity and multiplies it by a friction of 0.68. These helpers replay that physics so a
 * transition length in milliseconds can be turned into the option, and the result is testable.
 */
const STEP_MS = 1000 / 60;
const FRICTION = 0.68;
/** A transition counts as done once 99.5 % of the distance is covered (the eye sees no more). */
const DONE_FRACTION = 0.995;

export function emblaSettleMs(duration: number): number {
  let location = 0;
  let velocity = 0;
  for (let step = 1; step < 10_000; step++) {
    velocity += (1 - location) / duration;
    velocity *= FRICTION;
    location += velocity;
    if (Math.abs(1 - location) <= 1 - DONE_FRACTION) return step * STEP_MS;
  }
  return Infinity;
}

/** The smallest embla duration whose transition takes at least `ms`. */
export function emblaDurationForMs(ms: number): number {
  let duration = 1;
  while (emblaSettleMs(duration) < ms && duration < 200) duration++;
  return duration;
}
