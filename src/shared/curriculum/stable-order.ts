/**
 * The items of `to` that kept their order relative to each other since `from`: the longest
 * common subsequence of the two orders, over the items both hold. Every other item of `to`
 * that `from` also holds was moved. A section holds at most 200 lectures and a course 100
 * sections, so the quadratic table stays small (40,000 cells).
 */
export function keptInOrder(from: readonly string[], to: readonly string[]): Set<string> {
  const shared = new Set(from.filter((key) => to.includes(key)));
  const a = from.filter((key) => shared.has(key));
  const b = to.filter((key) => shared.has(key));
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] =
        a[i] === b[j]
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}
