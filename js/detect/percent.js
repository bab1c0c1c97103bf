// A confidence as the percentage a person reads, as the CLI and the converter page print it.

// "97%"; "<1%" and ">99%" where rounding would say 0% or 100% of a confidence that is neither.
export function percent(confidence) {
  if (confidence > 0 && confidence < 0.005) return '<1%';
  if (confidence < 1 && confidence >= 0.995) return '>99%';
  return `${Math.round(confidence * 100)}%`;
}
