/** The Levenshtein distance of two texts: the fewest one-character insertions, deletions or substitutions. */
export function editDistance(from: string, to: string): number {
  const source = Array.from(from);
  const target = Array.from(to);
  if (source.length === 0) return target.length;
  if (target.length === 0) return source.length;
  // One row of the distance table at a time: previous[j] is the distance of the prefixes so far.
  let previous = Array.from({ length: target.length + 1 }, (_, index) => index);
  source.forEach((sourceChar, i) => {
    const current = [i + 1];
    target.forEach((targetChar, j) => {
      const substitution = (previous[j] ?? 0) + (sourceChar === targetChar ? 0 : 1);
      const deletion = (previous[j + 1] ?? 0) + 1;
      const insertion = (current[j] ?? 0) + 1;
      current.push(Math.min(substitution, deletion, insertion));
    });
    previous = current;
  });
  return previous[target.length] ?? 0;
}
