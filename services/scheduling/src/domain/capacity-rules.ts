/**
 * Capacity (spec rules 1–5, with the interpretation): a single-booking service conflicts with any
 * overlapping active appointment of the staff member; a parallel service admits up to
 * max_parallel_bookings overlapping active appointments of the same service at any instant and conflicts
 * with any overlapping appointment of another service (or a single-booking one). Ranges are occupancy
 * ranges ([start − preparation, end + cleanup)) in epoch milliseconds, half open.
 */
export interface Occupancy {
  appointment_id: string;
  service_id: string;
  parallel: boolean;
  start: number;
  end: number;
}

export interface Candidate {
  service_id: string;
  parallel: boolean;
  max_parallel: number;
  start: number;
  end: number;
}

export type CapacityVerdict =
  | { ok: true; current: number }
  | { ok: false; reason: 'conflict' | 'full'; conflicts: Occupancy[]; current: number };

/** The most ranges that overlap at any one instant within [start, end). */
export function peakOverlap(
  ranges: readonly { start: number; end: number }[],
  start: number,
  end: number,
): number {
  const points: [number, number][] = [];
  for (const range of ranges) {
    const from = Math.max(range.start, start);
    const to = Math.min(range.end, end);
    if (from < to) points.push([from, 1], [to, -1]);
  }
  // Ends sort before starts at the same instant: touching ranges do not overlap.
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let peak = 0;
  for (const [, delta] of points) {
    current += delta;
    peak = Math.max(peak, current);
  }
  return peak;
}

/** The verdict for a candidate against the staff member's active occupancies (the moving one left out). */
export function evaluateCapacity(candidate: Candidate, existing: readonly Occupancy[]): CapacityVerdict {
  const overlapping = existing.filter((other) => other.start < candidate.end && candidate.start < other.end);
  if (!candidate.parallel) {
    return overlapping.length === 0
      ? { ok: true, current: 0 }
      : { ok: false, reason: 'conflict', conflicts: overlapping, current: overlapping.length };
  }
  const foreign = overlapping.filter((other) => !other.parallel || other.service_id !== candidate.service_id);
  const same = overlapping.filter((other) => other.parallel && other.service_id === candidate.service_id);
  const current = peakOverlap(same, candidate.start, candidate.end);
  if (foreign.length > 0) return { ok: false, reason: 'conflict', conflicts: foreign, current };
  if (current >= candidate.max_parallel) return { ok: false, reason: 'full', conflicts: same, current };
  return { ok: true, current };
}
